import { css, inside, type Browser, type Query } from '../driver.ts';

/** The actual spend line, in its colour (the chart keeps it under the pointer: chart-option.ts). */
const ACTUAL_LINE = 'path[stroke="#0b4f9c"]';

/**
 * The spend chart is drawn with its actual spend line at first sight (its picture, or the
 * interactive chart where the pointer already rests on the box, which reaches for it), and, once
 * tapped, is the interactive chart with the same line.
 */
export async function expectSpendChart(browser: Browser, chart: Query): Promise<void> {
  await browser.scrollIntoView(chart);
  await browser.find(inside(chart, css('[data-chart-picture] svg, [_echarts_instance_] svg')));
  await browser.expectCount(inside(chart, css(ACTUAL_LINE, { includeHidden: true })), (n) => n > 0);
  await browser.click(chart);
  await browser.find(inside(chart, css('[_echarts_instance_] svg')));
  await browser.expectCount(
    inside(chart, css(`[_echarts_instance_] ${ACTUAL_LINE}`, { includeHidden: true })),
    (n) => n > 0,
  );
}
