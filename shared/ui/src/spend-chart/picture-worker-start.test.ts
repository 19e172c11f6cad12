import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWorkerFrom } from './picture-worker-start';

const SCRIPT = 'https://cdn.example/customer/1.2.0-abc/static/js/spend-chart.worker.0123456789.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startWorkerFrom', () => {
  it("starts the worker from a same-origin blob: URL whose one line loads the worker's script from the remote", async () => {
    const started: { url: string; options: WorkerOptions | undefined }[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: string, options?: WorkerOptions) {
          started.push({ url, options });
        }
      },
    );
    let bootstrap: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      bootstrap = blob as Blob;
      return 'blob:https://app.example/1';
    });

    startWorkerFrom(SCRIPT, 'spend-chart-worker');

    expect(started).toEqual([{ url: 'blob:https://app.example/1', options: { name: 'spend-chart-worker' } }]);
    // The page hands over the script's address only: the worker downloads and parses it.
    expect(await bootstrap?.text()).toBe(
      `URL.revokeObjectURL(self.location.href);importScripts(${JSON.stringify(SCRIPT)});`,
    );
    expect(bootstrap?.type).toBe('text/javascript');
  });
});
