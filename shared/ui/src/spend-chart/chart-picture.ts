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

/** zrender's SVG painter, whose string rendering can leave out CSS animation and hover styles. */
interface StringPainter {
  renderToString(options: { cssAnimation: boolean; cssEmphasis: boolean; useViewBox: boolean }): string;
}

/** SVG presentation attributes that ECharts writes in a style attribute (its labels' fonts). */
const PRESENTATION_ATTRIBUTES = new Set(['font-size', 'font-family', 'font-weight', 'font-style']);

/**
 * Style attributes as SVG presentation attributes: the shell's Content-Security-Policy refuses
 * inline style attributes in markup, and without them the labels would take the page's font
 * instead of the chart's. A style attribute with any other property is left as it is.
 */
export function styleAsAttributes(svg: string): string {
  return svg.replace(/ style="([^"]*)"/g, (whole, declarations: string) => {
    const pairs = declarations
      .split(';')
      .map((declaration) => declaration.trim())
      .filter((declaration) => declaration !== '')
      .map((declaration) => {
        const colon = declaration.indexOf(':');
        return [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()] as const;
      });
    if (pairs.some(([property]) => !PRESENTATION_ATTRIBUTES.has(property))) return whole;
    return pairs.map(([property, value]) => ` ${property}="${value}"`).join('');
  });
}

/**
 * The chart as an SVG document, drawn from the same option as the interactive chart. Without
 * animation or hover styles: the picture holds no <style> (the shell's Content-Security-Policy
 * would refuse it) and needs none of the parts the apps' build leaves out (echarts-left-out/).
 */
export function renderChartPicture({ width, height, ...figures }: PictureRequest): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(chartOption(figures));
    const painter = chart.getZr().painter as unknown as StringPainter;
    return styleAsAttributes(
      painter.renderToString({ cssAnimation: false, cssEmphasis: false, useViewBox: true }),
    );
  } finally {
    chart.dispose();
  }
}
