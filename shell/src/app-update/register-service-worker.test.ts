import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker';
import type { UpdatePromptEvent } from './update-prompt.rules';

/** A worker whose state the test moves on, as the browser would. */
function fakeWorker(state: ServiceWorkerState) {
  const listeners = new Set<() => void>();
  const worker = {
    state,
    postMessage: vi.fn(),
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    moveTo(next: ServiceWorkerState) {
      worker.state = next;
      for (const listener of [...listeners]) listener();
    },
  };
  return worker;
}

/** A first visit: no worker controls the page; register() settles with the given registration. */
function firstVisit(registration: {
  installing?: ReturnType<typeof fakeWorker>;
  waiting?: ReturnType<typeof fakeWorker>;
  active?: ReturnType<typeof fakeWorker>;
}) {
  const container = {
    controller: null,
    addEventListener: vi.fn(),
    register: vi.fn(() =>
      Promise.resolve({
        installing: registration.installing ?? null,
        waiting: registration.waiting ?? null,
        active: registration.active ?? null,
        addEventListener: vi.fn(),
      }),
    ),
  };
  return container as unknown as ServiceWorkerContainer;
}

const cacheUrlsMessages = (worker: ReturnType<typeof fakeWorker>) =>
  worker.postMessage.mock.calls.filter(([message]) => (message as { type?: string }).type === 'CACHE_URLS');

/** register() has settled and its callbacks have run. */
const registered = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('registerServiceWorker on a first visit', () => {
  beforeEach(() => {
    // What the page loaded before any worker: the registry, from the CDN.
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: 'https://cdn.example.test/registry.json' } as PerformanceEntry,
    ]);
  });
  afterEach(() => vi.restoreAllMocks());

  it('hands the worker the files loaded before it once it activates (followed from installing)', async () => {
    const worker = fakeWorker('installing');
    const events: UpdatePromptEvent[] = [];
    registerServiceWorker((event) => events.push(event), firstVisit({ installing: worker }));
    await registered();
    worker.moveTo('installed');
    worker.moveTo('activating');
    worker.moveTo('activated');
    expect(events).toEqual([{ type: 'offline-ready' }]);
    expect(cacheUrlsMessages(worker)).toHaveLength(1);
  });

  it('does the same when the registration settles after the worker is already active, as in Firefox', async () => {
    const worker = fakeWorker('activated');
    const events: UpdatePromptEvent[] = [];
    registerServiceWorker((event) => events.push(event), firstVisit({ active: worker }));
    await registered();
    expect(cacheUrlsMessages(worker)).toEqual([
      [{ type: 'CACHE_URLS', payload: { urlsToCache: ['https://cdn.example.test/registry.json'] } }],
    ]);
    expect(events).toEqual([{ type: 'offline-ready' }]);
  });

  it('follows a worker found still activating until it is active', async () => {
    const worker = fakeWorker('activating');
    const events: UpdatePromptEvent[] = [];
    registerServiceWorker((event) => events.push(event), firstVisit({ active: worker }));
    await registered();
    expect(events).toEqual([]);
    expect(cacheUrlsMessages(worker)).toHaveLength(0);
    worker.moveTo('activated');
    expect(cacheUrlsMessages(worker)).toHaveLength(1);
    expect(events).toEqual([{ type: 'offline-ready' }]);
  });
});
