import type { PictureRequest } from './chart-picture';
import type { PictureJob, PictureResult } from './spend-chart.worker';
import { startWorker } from './start-worker';

interface Waiting {
  resolve: (svg: string) => void;
  reject: (error: Error) => void;
}

/**
 * The apps' build treats `crossOriginWorkers.start(new URL(…, import.meta.url))` as it does
 * `new Worker(new URL(…))` (rsbuild.base.ts, workerStarters): the worker script is built as a
 * chunk of its own, and the URL becomes that chunk's, on the remote's origin.
 */
const crossOriginWorkers = { start: startWorker };

let worker: Worker | undefined;
let lastId = 0;
const waiting = new Map<number, Waiting>();

function failAll(error: Error) {
  for (const job of waiting.values()) job.reject(error);
  waiting.clear();
}

/** One worker for the page, started when the first picture is asked for and kept for the next. */
function pictureWorker(): Worker {
  if (worker) return worker;
  const started = crossOriginWorkers.start(new URL('./spend-chart.worker.ts', import.meta.url), {
    name: 'spend-chart-worker',
  });
  started.onmessage = ({ data }: MessageEvent<PictureResult>) => {
    const job = waiting.get(data.id);
    waiting.delete(data.id);
    if ('svg' in data) job?.resolve(data.svg);
    else job?.reject(new Error(data.error));
  };
  // A worker that cannot start (its script did not load) draws nothing more: the next ask starts
  // another, so a page that comes back online gets its picture.
  started.onerror = (event) => {
    event.preventDefault();
    worker = undefined;
    started.terminate();
    failAll(new Error(`The chart's worker failed: ${event.message || 'its script did not load'}`));
  };
  worker = started;
  return started;
}

/**
 * The spend chart's picture as an SVG string, drawn in a worker. Rejects where no worker can run
 * (then the chart is drawn on the page, LazySpendChart).
 */
export function drawChartPicture(request: PictureRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = ++lastId;
    waiting.set(id, { resolve, reject });
    try {
      pictureWorker().postMessage({ id, request } satisfies PictureJob);
    } catch (error) {
      waiting.delete(id);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
