import type { PictureNode } from './chart-picture';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** The elements a line chart's picture is drawn with; anything else is left out. */
const PICTURE_TAGS = new Set(['svg', 'g', 'defs', 'clipPath', 'rect', 'path', 'text', 'tspan']);

/**
 * Attributes that could run script, load from elsewhere or carry inline style, which the picture
 * never needs: event handlers, links, styles, and the xmlns declarations DOM methods make anyway.
 */
function refused(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower.startsWith('on') ||
    lower.endsWith('href') ||
    lower === 'style' ||
    lower.startsWith('xmlns') ||
    // A paint or clip may point at the picture's own definitions (url(#id)), never at a resource.
    (/url\(/i.test(value) && !/^url\(#[\w-]+\)$/.test(value.trim()))
  );
}

/**
 * The chart's picture built with DOM methods from the worker's tree: no markup is parsed, so
 * whatever the figures' text holds stays text, and only the elements and attributes a chart draws
 * with reach the page.
 */
export function pictureElement(node: PictureNode, document: Document = globalThis.document): Element | null {
  if (!PICTURE_TAGS.has(node.tag)) return null;
  const element = document.createElementNS(SVG_NAMESPACE, node.tag);
  for (const [name, value] of Object.entries(node.attrs)) {
    if (refused(name, value)) continue;
    if (name === 'xml:space') element.setAttributeNS(XML_NAMESPACE, name, value);
    else element.setAttribute(name, value);
  }
  if (node.text !== undefined) element.textContent = node.text;
  for (const child of node.children) {
    const built = pictureElement(child, document);
    if (built) element.append(built);
  }
  return element;
}
