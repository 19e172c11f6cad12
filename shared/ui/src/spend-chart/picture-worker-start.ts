import workerScript from './spend-chart.worker.ts?worker-script';

/**
 * Starts the chart's picture worker. Its script is a file of its own on the remote's origin
 * (scripts/build/worker-script-loader.mjs), and a page may not start a worker from another origin:
 * the worker starts from a same-origin blob: URL (worker-src allows blob:,
 * scripts/deploy/security-headers.ts) whose one line loads the script with importScripts, which may
 * cross origins. The page's main thread never parses the worker's half megabyte; the worker does.
 */
export const startPictureWorker = (name: string): Worker => startWorkerFrom(workerScript, name);

/** A worker started from a same-origin blob: URL that loads `scriptUrl` (absolute, or relative to the page). */
export function startWorkerFrom(scriptUrl: string, name: string): Worker {
  const script = new URL(scriptUrl, document.baseURI).href;
  const bootstrap = new Blob(
    [`URL.revokeObjectURL(self.location.href);importScripts(${JSON.stringify(script)});`],
    { type: 'text/javascript' },
  );
  return new Worker(URL.createObjectURL(bootstrap), { name });
}
