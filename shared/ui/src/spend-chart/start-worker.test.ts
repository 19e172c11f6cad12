import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWorker } from './start-worker';

/** Records how each worker was started, and whom a started worker's listeners are for. */
function stubWorkers() {
  const started: { url: string; options?: WorkerOptions; worker: EventTarget }[] = [];
  vi.stubGlobal(
    'Worker',
    class extends EventTarget {
      constructor(url: string | URL, options?: WorkerOptions) {
        super();
        started.push({ url: String(url), options, worker: this });
      }
    },
  );
  return started;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startWorker', () => {
  it("starts a worker on the page's own origin from its script", () => {
    const started = stubWorkers();
    const url = new URL('/static/js/chart.worker.js', location.href);
    startWorker(url, { name: 'chart' });
    expect(started).toEqual([expect.objectContaining({ url: url.href, options: { name: 'chart' } })]);
  });

  it("starts a worker whose script is on another origin from a same-origin bootstrap that imports it, with the script's location", async () => {
    const started = stubWorkers();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:bootstrap-1';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const script = 'https://cdn.example.test/customer/static/js/async/spend-chart-worker.1a2b.js';

    startWorker(new URL(script), { name: 'spend-chart-worker' });

    expect(started.map(({ url }) => url)).toEqual(['blob:bootstrap-1']);
    const source = await (blobs[0] as Blob).text();
    expect(source).toContain(`importScripts(${JSON.stringify(script)})`);
    // The bundler's runtime in the worker finds its chunks from self.location: the script's.
    expect(source).toContain(
      `Object.defineProperty(self, 'location', { value: new URL(${JSON.stringify(script)}) })`,
    );
    // The bootstrap's URL is let go once the worker has answered.
    expect(revoke).not.toHaveBeenCalled();
    started[0]?.worker.dispatchEvent(new Event('message'));
    expect(revoke).toHaveBeenCalledWith('blob:bootstrap-1');
  });

  it('fails where the browser runs no workers, so the chart is drawn on the page instead', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => startWorker(new URL('https://cdn.example.test/w.js'))).toThrow('runs no workers');
  });
});
