import type { PictureNode, PictureRequest } from './chart-picture';
import { keepPicture, keptPicture } from './kept-pictures';
import type { PictureJob, PictureResult } from './spend-chart.worker';

interface Waiting {
  resolve: (picture: PictureNode) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let PictureWorker: (new (options?: { name?: string }) => Worker) | undefined;

/**
 * The worker's code, built on its own (Rsbuild's `?worker&inline`: a child build, without the
 * Module Federation runtime every entry of a remote's own build gets, which a worker cannot start)
 * and carried as text in a chunk of its own, loaded only when the first picture is asked for. It
 * starts from a same-origin blob: URL (worker-src allows blob:, scripts/deploy/security-headers.ts):
 * a page may not start a worker from a URL on another origin, and a remote's chunks are on the
 * remote's origin.
 */
async function workerConstructor() {
  PictureWorker ??= (
    await import(/* webpackChunkName: "spend-chart-worker" */ './spend-chart.worker.ts?worker&inline')
  ).default;
  return PictureWorker;
}
let lastId = 0;
const waiting = new Map<number, Waiting>();

function failAll(error: Error) {
  for (const job of waiting.values()) job.reject(error);
  waiting.clear();
}

/** One worker for the page, started when the first picture is asked for and kept for the next. */
async function pictureWorker(): Promise<Worker> {
  if (worker) return worker;
  const Constructor = await workerConstructor();
  if (worker) return worker;
  const started = new Constructor({ name: 'spend-chart-worker' });
  started.onmessage = ({ data }: MessageEvent<PictureResult>) => {
    const job = waiting.get(data.id);
    waiting.delete(data.id);
    if ('picture' in data) job?.resolve(data.picture);
    else job?.reject(new Error(data.error));
  };
  // A worker that fails draws nothing more: the next ask starts another.
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
 * The spend chart's picture as a tree of SVG elements: the one kept on the device for the same
 * request (kept-pictures.ts), else drawn in a worker and kept. Rejects where no worker can run
 * (then the chart is drawn on the page, LazySpendChart).
 */
export function drawChartPicture(request: PictureRequest): Promise<PictureNode> {
  const kept = keptPicture(request);
  if (kept) return Promise.resolve(kept);
  return new Promise<PictureNode>((resolve, reject) => {
    const id = ++lastId;
    waiting.set(id, {
      resolve: (picture) => {
        keepPicture(request, picture);
        resolve(picture);
      },
      reject,
    });
    pictureWorker().then(
      (started) => started.postMessage({ id, request } satisfies PictureJob),
      (error: unknown) => {
        waiting.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
