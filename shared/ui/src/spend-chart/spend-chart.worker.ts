import { renderChartPicture, type PictureNode, type PictureRequest } from './chart-picture';

// Draws the spend chart's picture off the page's main thread (chart-worker.ts asks for it).

export interface PictureJob {
  id: number;
  request: PictureRequest;
}

export type PictureResult = { id: number; picture: PictureNode } | { id: number; error: string };

/** The part of a dedicated worker's global scope this uses (the apps' types are the DOM's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<PictureJob>) => void) | null;
  postMessage(message: PictureResult): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = ({ data }) => {
  try {
    scope.postMessage({ id: data.id, picture: renderChartPicture(data.request) });
  } catch (error) {
    scope.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
