/**
 * Resolves once the first screen has painted and the main thread is free: the images already in
 * the page have loaded (on the customer's tracking view the promotion's hero is the page's largest
 * paint), a frame has been presented, and the browser reports idle time. The spend chart's code
 * (ECharts: most of the bytes and main-thread time of a view that draws it) starts then, so it
 * never delays what the reader sees first. `capMs` bounds each wait: a stalled image or a
 * never-idle page only delays the chart.
 */
export async function afterFirstScreen(win: Window = window, capMs = 3000): Promise<void> {
  const capped = (promise: Promise<unknown>) =>
    Promise.race([promise, new Promise<void>((resolve) => win.setTimeout(resolve, capMs))]);
  const loading = [...win.document.querySelectorAll('img')].filter(
    (image) => !image.complete && image.loading !== 'lazy',
  );
  await capped(
    Promise.all(
      loading.map(
        (image) =>
          new Promise((settled) => {
            image.addEventListener('load', settled, { once: true });
            image.addEventListener('error', settled, { once: true });
          }),
      ),
    ),
  );
  await new Promise<void>((resolve) => win.requestAnimationFrame(() => win.setTimeout(resolve, 0)));
  if (typeof win.requestIdleCallback === 'function')
    await new Promise<void>((resolve) => win.requestIdleCallback(() => resolve(), { timeout: capMs }));
}
