import { describe, expect, it } from 'vitest';
import { renderChartPicture, styleAsAttributes, type PictureNode } from './chart-picture';

describe('styleAsAttributes', () => {
  it("writes a label's font as presentation attributes", () => {
    expect(styleAsAttributes('font-size:12px;font-family:sans-serif;')).toEqual({
      'font-size': '12px',
      'font-family': 'sans-serif',
    });
  });

  it('leaves out every other property, which the page would refuse as inline style', () => {
    expect(styleAsAttributes('position:absolute;left:0;font-size:12px')).toEqual({ 'font-size': '12px' });
  });
});

describe('renderChartPicture', () => {
  const all = (node: PictureNode): PictureNode[] => [node, ...node.children.flatMap(all)];
  const picture = renderChartPicture({
    days: [
      {
        key: '20261102',
        tradingDayNumber: 1,
        epochMs: Date.UTC(2026, 10, 1, 11),
        actual: 900,
        target: 700,
        future: false,
      },
      {
        key: '20261103',
        tradingDayNumber: 2,
        epochMs: Date.UTC(2026, 10, 2, 11),
        actual: 1500,
        target: 1400,
        future: false,
      },
      {
        key: '20261104',
        tradingDayNumber: 3,
        epochMs: Date.UTC(2026, 10, 3, 11),
        actual: null,
        target: 2100,
        future: true,
      },
    ],
    projectionLabel: 'At your pace',
    width: 320,
    height: 260,
  });

  it('is an SVG tree at the asked size, with the actual and target lines in their colours', () => {
    expect(picture).toMatchObject({ tag: 'svg', attrs: { width: '320', height: '260' } });
    const strokes = all(picture).flatMap((node) => (node.tag === 'path' ? [node.attrs.stroke] : []));
    expect(strokes).toEqual(expect.arrayContaining(['#0b4f9c', '#c05600']));
  });

  it('holds no style element and no style attribute: the labels carry their font as attributes', () => {
    const nodes = all(picture);
    expect(nodes.filter((node) => node.tag === 'style')).toEqual([]);
    expect(nodes.filter((node) => 'style' in node.attrs)).toEqual([]);
    expect(nodes.find((node) => node.tag === 'text')?.attrs['font-size']).toBe('12px');
  });
});
