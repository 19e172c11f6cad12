import { LineChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import { init, setPlatformAPI, use as registerEcharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { chartOption, type ChartFigures } from './chart-option';

// The chart's picture: ECharts' server-side rendering to an SVG string, run in a worker
// (spend-chart.worker.ts), so its first draw costs the page's main thread nothing. No tooltip is
// registered: a picture has none; the interactive chart (spend-chart.tsx) brings it.
registerEcharts([LineChart, GridComponent, SVGRenderer]);

// Labels are measured as the page's chart measures them (a canvas's measureText), so axis labels
// are placed and thinned out alike; a worker has no document, but it has OffscreenCanvas.
if (typeof OffscreenCanvas === 'function') {
  setPlatformAPI({ createCanvas: () => new OffscreenCanvas(1, 1) as unknown as HTMLCanvasElement });
}

/** What the worker is asked to draw: the figures and the box's size in CSS pixels. */
export interface PictureRequest extends ChartFigures {
  width: number;
  height: number;
}

/** One element of the picture as plain data: posted from the worker, built on the page by picture-element.ts. */
export interface PictureNode {
  tag: string;
  attrs: Record<string, string>;
  children: PictureNode[];
  text?: string;
}

/** zrender's virtual SVG node, which its SVG painter renders without a document. */
interface VNode {
  tag: string;
  attrs: Record<string, string | number | boolean | undefined>;
  children?: VNode[];
  text?: string;
}

/** zrender's SVG painter: its tree, without CSS animation or hover styles. */
interface VNodePainter {
  renderToVNode(options: {
    animation: boolean;
    emphasis: boolean;
    compress: boolean;
    useViewBox: boolean;
  }): VNode;
}

/** The style properties ECharts writes on its labels, kept as SVG presentation attributes. */
const PRESENTATION_ATTRIBUTES = new Set(['font-size', 'font-family', 'font-weight', 'font-style']);

/**
 * A style attribute's label fonts as presentation attributes: the shell's Content-Security-Policy
 * refuses inline style attributes, and without them the labels would take the page's font instead
 * of the chart's. Any other property is left out (the policy would refuse it too).
 */
export function styleAsAttributes(style: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    const property = declaration.slice(0, colon).trim();
    if (colon > 0 && PRESENTATION_ATTRIBUTES.has(property))
      attributes[property] = declaration.slice(colon + 1).trim();
  }
  return attributes;
}

function toPictureNode({ tag, attrs, children, text }: VNode): PictureNode {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (name === 'style') Object.assign(attributes, styleAsAttributes(String(value)));
    else attributes[name] = value === true ? '' : String(value);
  }
  return {
    tag,
    attrs: attributes,
    children: (children ?? []).map(toPictureNode),
    ...(text === undefined ? {} : { text }),
  };
}

/**
 * The chart as a tree of SVG elements, drawn from the same option as the interactive chart. Without
 * animation or hover styles: the picture holds no <style> (the shell's Content-Security-Policy
 * would refuse it) and needs none of the parts the apps' build leaves out (echarts-left-out/).
 * A tree, not markup: the page builds it with DOM methods and parses no string (picture-element.ts).
 */
export function renderChartPicture({ width, height, ...figures }: PictureRequest): PictureNode {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(chartOption(figures));
    const painter = chart.getZr().painter as unknown as VNodePainter;
    return toPictureNode(
      painter.renderToVNode({ animation: false, emphasis: false, compress: true, useViewBox: true }),
    );
  } finally {
    chart.dispose();
  }
}
