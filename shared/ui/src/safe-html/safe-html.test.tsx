import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SafeHtml } from './safe-html';
import './happy-dom-fidelity';
import { sanitizeHtml } from './sanitize-html';

/** Sanitises, then parses the result the way the browser will, for structural assertions. */
function clean(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = sanitizeHtml(html);
  return container;
}

function allAttributeNames(root: Element): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) => element.getAttributeNames());
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sanitizeHtml', () => {
  it('keeps ordinary content markup', () => {
    const html =
      '<h2>Privacy Policy</h2><p><em>Last</em> <strong>updated</strong></p><ul><li>One</li></ul><img src="/api/v1/file/image/x" alt="X">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('marks an image without alt text as decorative and keeps an author alt', () => {
    const root = clean('<img src="/a.svg"><img src="/b.svg" alt="Hamper">');
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['', 'Hamper']);
  });

  describe('script tags', () => {
    it.each([
      '<script>alert(1)</script><p>text</p>',
      '<SCRIPT SRC=https://evil.example/x.js></SCRIPT><p>text</p>',
      '<scr<script>ipt>alert(1)</script><p>text</p>',
      '<p>text</p><script type="module">import("https://evil.example")</script>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><p>text</p>',
    ])('removes the script in %s', (html) => {
      const result = clean(html);
      expect(result.querySelector('script')).toBeNull();
      expect(result.innerHTML).not.toMatch(/<script/i);
      expect(allAttributeNames(result)).not.toContain('onerror');
      expect(result.textContent).toContain('text');
    });
  });

  describe('event handlers', () => {
    it.each([
      `<img src=x onerror="alert('prize-xss')">`,
      '<p onclick="alert(1)" onmouseover="alert(2)">text</p>',
      '<body onload=alert(1)><p>text</p></body>',
      '<details open ontoggle=alert(1)><summary>s</summary></details>',
      '<video><source onerror="alert(1)"></video>',
      '<a href="/x" onfocus="alert(1)" autofocus>link</a>',
    ])('strips every on* attribute from %s', (html) => {
      const names = allAttributeNames(clean(html));
      expect(names.filter((name) => name.startsWith('on'))).toEqual([]);
    });
  });

  describe('javascript: URLs', () => {
    it.each([
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href=" javascript:alert(1)">x</a>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a href="vbscript:msgbox(1)">x</a>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">go</button></form>',
      '<img src="javascript:alert(1)">',
    ])('leaves no script URL in %s', (html) => {
      const result = clean(html);
      for (const element of result.querySelectorAll('*')) {
        for (const name of element.getAttributeNames()) {
          // Browsers ignore spaces and control characters inside a URL's scheme.
          const value = [...(element.getAttribute(name) ?? '')]
            .filter((char) => char.charCodeAt(0) > 0x20)
            .join('')
            .toLowerCase();
          expect(value).not.toMatch(/^(javascript|vbscript|data:text\/html)/);
        }
      }
      expect(result.querySelector('iframe, form, button')).toBeNull();
    });

    it('keeps the text of a link whose URL it removed', () => {
      const result = clean('<a href="javascript:alert(1)">Read the terms</a>');
      expect(result.textContent).toBe('Read the terms');
      expect(result.querySelector('a')?.hasAttribute('href')).toBe(false);
    });
  });

  describe('SVG and MathML vectors', () => {
    it.each([
      '<svg onload=alert(1)><circle r="10"></circle></svg>',
      '<svg><script>alert(1)</script></svg>',
      '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg><animate onbegin=alert(1) attributeName=x dur=1s></svg>',
      '<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
      '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
      '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">',
    ])('drops %s', (html) => {
      const result = clean(html);
      expect(result.querySelector('svg, math, script, style, foreignObject')).toBeNull();
      expect(allAttributeNames(result).filter((name) => name.startsWith('on'))).toEqual([]);
      expect(result.innerHTML).not.toMatch(/javascript:/i);
    });
  });

  it('drops style blocks and forms, so server content cannot restyle the app or collect input', () => {
    const result = clean(
      '<style>body{display:none}</style><form action="/x"><input name="password"><textarea></textarea><select></select></form><p>kept</p>',
    );
    expect(result.querySelector('style, form, input, textarea, select')).toBeNull();
    expect(result.textContent).toBe('kept');
  });

  it('drops base, meta, link and object tags', () => {
    const result = clean(
      '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/x.css"><object data="x.swf"></object><embed src="x.swf"><p>kept</p>',
    );
    expect(result.querySelector('base, meta, link, object, embed')).toBeNull();
    expect(result.textContent).toBe('kept');
  });

  describe('links', () => {
    it('opens a link to another origin in a new tab with rel="noopener noreferrer"', () => {
      const link = clean('<a href="https://www.privacy.org.nz">Privacy Commissioner</a>').querySelector('a');
      expect(link?.getAttribute('target')).toBe('_blank');
      expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    });

    it('treats a protocol-relative link as another origin', () => {
      const link = clean('<a href="//evil.example/x">x</a>').querySelector('a');
      expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    });

    it('replaces a weaker rel and any named target on a link that opens elsewhere', () => {
      const link = clean('<a href="https://x.example" target="_top" rel="opener">x</a>').querySelector('a');
      expect(link?.getAttribute('target')).toBe('_blank');
      expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    });

    it('opens a same-site link with target="_blank" safely too', () => {
      const link = clean('<a href="/terms-and-conditions" target="_blank">terms</a>').querySelector('a');
      expect(link?.getAttribute('target')).toBe('_blank');
      expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    });

    it('leaves a same-site link without a target to open in place', () => {
      const link = clean('<a href="/terms-and-conditions">terms</a>').querySelector('a');
      expect(link?.hasAttribute('target')).toBe(false);
      expect(link?.getAttribute('href')).toBe('/terms-and-conditions');
    });

    it('keeps mailto and tel links in place', () => {
      const result = clean(
        '<a href="mailto:privacy@ezyrewards.example.nz">mail</a><a href="tel:+6495550101">call</a>',
      );
      expect([...result.querySelectorAll('a')].map((a) => a.getAttribute('target'))).toEqual([null, null]);
      expect(result.querySelector('a')?.getAttribute('href')).toBe('mailto:privacy@ezyrewards.example.nz');
    });

    it('removes a target from an anchor without a URL', () => {
      expect(clean('<a name="top" target="_parent">top</a>').querySelector('a')?.hasAttribute('target')).toBe(
        false,
      );
    });
  });
});

describe('SafeHtml', () => {
  it('renders the sanitised HTML inside the chosen element', () => {
    const { container } = render(
      <SafeHtml as="article" className="content" html={`<p>Hello</p><img src=x onerror="alert('xss')">`} />,
    );
    const article = container.querySelector('article.content');
    expect(article?.querySelector('p')?.textContent).toBe('Hello');
    expect(article?.querySelector('img')?.hasAttribute('onerror')).toBe(false);
  });

  it('never runs a script from the HTML', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    render(<SafeHtml html={'<script>window.alert("xss")</script><img src=x onerror="window.alert(1)">'} />);
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('SafeHtml from the package (sanitiser loaded on first use)', () => {
  it('shows an empty busy element, then the sanitised HTML', async () => {
    // A fresh copy of the package, so the sanitiser is not already loaded by an earlier test.
    vi.resetModules();
    const { SafeHtml: LazySafeHtml } = await import('./index');
    const { container } = render(
      <LazySafeHtml
        as="section"
        className="terms"
        html={`<p>Terms</p><a href="javascript:alert(1)">x</a>`}
      />,
    );
    const section = container.querySelector('section.terms');
    expect(section?.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(container.querySelector('section.terms p')?.textContent).toBe('Terms'));
    expect(container.querySelector('section.terms')?.hasAttribute('aria-busy')).toBe(false);
    expect(container.querySelector('section.terms a')?.getAttribute('href')).toBeNull();
  });
});
