import { describe, expect, it } from 'vitest';
import type { PictureNode } from './chart-picture';
import { pictureElement } from './picture-element';

const node = (
  tag: string,
  attrs: Record<string, string> = {},
  children: PictureNode[] = [],
  text?: string,
) => ({
  tag,
  attrs,
  children,
  ...(text === undefined ? {} : { text }),
});

describe('pictureElement', () => {
  it('builds the SVG elements with their attributes and text', () => {
    const svg = pictureElement(
      node('svg', { width: '320', viewBox: '0 0 320 260' }, [
        node('g', { 'clip-path': 'url(#zr1-c0)' }, [node('path', { d: 'M0 0L10 10', stroke: '#0b4f9c' })]),
        node('text', { 'font-size': '12px', 'xml:space': 'preserve' }, [], '23 November'),
      ]),
    );
    expect(svg?.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 320 260');
    expect(svg?.querySelector('g')).toHaveAttribute('clip-path', 'url(#zr1-c0)');
    expect(svg?.querySelector('path')).toHaveAttribute('stroke', '#0b4f9c');
    expect(svg?.querySelector('text')?.textContent).toBe('23 November');
  });

  it('keeps markup in a label as text: nothing is parsed', () => {
    const svg = pictureElement(node('svg', {}, [node('text', {}, [], '<img src=x onerror=alert(1)>')]));
    expect(svg?.querySelector('img')).toBeNull();
    expect(svg?.querySelector('text')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('leaves out elements and attributes a chart does not draw with', () => {
    const svg = pictureElement(
      node('svg', { onload: 'alert(1)', style: 'position:fixed' }, [
        node('script', {}, [], 'alert(1)'),
        node('foreignObject', {}, [node('rect')]),
        node('rect', {
          'xlink:href': 'https://elsewhere.test/',
          href: '#x',
          fill: 'url(https://elsewhere.test/p)',
        }),
      ]),
    );
    expect(svg?.attributes).toHaveLength(0);
    expect(svg?.children).toHaveLength(1);
    expect(svg?.querySelector('rect')?.attributes).toHaveLength(0);
  });
});
