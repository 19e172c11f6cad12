/**
 * Test support for the 'ui' Vitest project (happy-dom), so DOMPurify behaves there as it does in
 * browsers. Import it before the first sanitize call: the sanitiser creates its DOMPurify instance
 * lazily, and DOMPurify captures these DOM methods when an instance is created. Does nothing
 * outside happy-dom.
 *
 * 1. DOMPurify (3.4+) reads `nodeName` through the getter on Node.prototype, to resist DOM
 *    clobbering. happy-dom defines the real getter only on the subclasses, so Node.prototype's
 *    answers '' and DOMPurify would drop every element.
 * 2. happy-dom's NodeIterator walks on from a node that was just removed (into the detached
 *    subtree), so after DOMPurify removes one element it never sees the rest of the document. The
 *    DOM standard (https://dom.spec.whatwg.org/#nodeiterator-pre-removing-steps) moves the iterator
 *    back to the node before the removed one; this iterator does the same when it is next asked.
 */
const isHappyDom = typeof window !== 'undefined' && 'happyDOM' in window;

function patchNodeName(): void {
  Object.defineProperty(Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node): string {
      let prototype = Object.getPrototypeOf(this) as object | null;
      while (prototype && prototype !== Node.prototype) {
        if (Object.hasOwn(prototype, 'nodeName')) return Reflect.get(prototype, 'nodeName', this) as string;
        prototype = Object.getPrototypeOf(prototype) as object | null;
      }
      return '';
    },
  });
}

/** The node after `node` in document order, inside `root`. */
function following(node: Node, root: Node): Node | null {
  if (node.firstChild) return node.firstChild;
  let current: Node | null = node;
  while (current && current !== root) {
    if (current.nextSibling) return current.nextSibling;
    current = current.parentNode;
  }
  return null;
}

/** The node before `node` in document order: its previous sibling's last descendant, or its parent. */
function preceding(node: Node): Node | null {
  let previous = node.previousSibling;
  if (!previous) return node.parentNode;
  while (previous.lastChild) previous = previous.lastChild;
  return previous;
}

class RemovalSafeNodeIterator {
  readonly root: Node;
  readonly whatToShow: number;
  readonly filter = null;
  #reference: Node | null = null;
  #anchor: Node | null = null;

  constructor(root: Node, whatToShow = 0xffffffff) {
    this.root = root;
    this.whatToShow = whatToShow;
  }

  #shows(node: Node): boolean {
    return ((this.whatToShow >>> (node.nodeType - 1)) & 1) === 1;
  }

  nextNode(): Node | null {
    let candidate: Node | null;
    if (this.#reference === null) candidate = this.root;
    else if (this.root.contains(this.#reference)) candidate = following(this.#reference, this.root);
    else candidate = this.#anchor ? following(this.#anchor, this.root) : null;
    while (candidate && !this.#shows(candidate)) candidate = following(candidate, this.root);
    if (candidate) {
      this.#reference = candidate;
      this.#anchor = candidate === this.root ? null : preceding(candidate);
    }
    return candidate;
  }

  previousNode(): Node | null {
    throw new Error('Not needed by DOMPurify.');
  }

  detach(): void {}
}

if (isHappyDom) {
  patchNodeName();
  // happy-dom defines it on an internal base class: patch the prototype that actually owns it.
  let owner = Object.getPrototypeOf(document) as object | null;
  while (owner && !Object.hasOwn(owner, 'createNodeIterator'))
    owner = Object.getPrototypeOf(owner) as object | null;
  Object.defineProperty(owner ?? Document.prototype, 'createNodeIterator', {
    configurable: true,
    writable: true,
    value(root: Node, whatToShow?: number) {
      return new RemovalSafeNodeIterator(root, whatToShow);
    },
  });
}

export {};
