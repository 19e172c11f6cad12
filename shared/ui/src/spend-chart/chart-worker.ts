import type { PictureNode, PictureRequest } from './chart-picture';
import { keepPicture, keptPicture } from './kept-pictures';
import { startPictureWorker } from './picture-worker-start';
import type { PictureJob, PictureResult } from './spend-chart.worker';

interface Waiting {
  resolve: (picture: PictureNode) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let lastId = 0;
const waiting = new Map<number, Waiting>();

function failAll(error: Error) {
  for (const job of waiting.values()) job.reject(error);
  waiting.clear();
}

/**
 * One worker for the page, started when the first picture is asked for and kept for the next.
 * Throws where no worker can start.
 */
function pictureWorker(): Worker {
  if (worker) return worker;
  const started = startPictureWorker('spend-chart-worker');
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
    try {
      pictureWorker().postMessage({ id, request } satisfies PictureJob);
    } catch (error) {
      waiting.delete(id);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
