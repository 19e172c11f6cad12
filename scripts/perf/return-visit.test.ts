import { describe, expect, it } from 'vitest';
import {
  answeredBefore,
  blockingTime,
  networkRequestsBefore,
  shortUrl,
  returnVisitTable,
  summariseRuns,
  wentToNetwork,
  type ObservedRequest,
  type ReturnVisitRun,
} from './return-visit';

const request = (overrides: Partial<ObservedRequest>): ObservedRequest => ({
  url: 'https://localhost:8280/api/v1/session/get',
  sentAt: 1000,
  by: 'page',
  fromCache: false,
  fromServiceWorker: false,
  ...overrides,
});

describe('blocking time after FCP', () => {
  it("counts each long task's part over 50 ms inside the window, clipped at both ends", () => {
    const tasks = [
      { startTime: 100, duration: 200 }, // ends before FCP
      { startTime: 900, duration: 300 }, // straddles FCP at 1000: 200 ms inside, 150 blocking
      { startTime: 1500, duration: 120 }, // inside: 70 blocking
      { startTime: 1900, duration: 40 }, // short: none
      { startTime: 2950, duration: 200 }, // straddles ready at 3000: 50 inside, none blocking
    ];
    expect(blockingTime(tasks, 1000, 3000)).toBe(220);
  });

  it('is 0 with no long tasks', () => {
    expect(blockingTime([], 1000, 3000)).toBe(0);
  });
});

describe('the network requests on the critical path', () => {
  it("leaves out caches' and the worker's answers, and what is not http", () => {
    expect(wentToNetwork(request({}))).toBe(true);
    expect(wentToNetwork(request({ by: 'service worker' }))).toBe(true);
    expect(wentToNetwork(request({ fromCache: true }))).toBe(false);
    expect(wentToNetwork(request({ fromServiceWorker: true }))).toBe(false);
    expect(wentToNetwork(request({ url: 'data:image/png;base64,AA' }))).toBe(false);
  });

  it('keeps those sent before LCP, first sent first', () => {
    const requests = [
      request({
        url: 'https://localhost:8281/customer/1/mf-manifest.json',
        sentAt: 1600,
        by: 'service worker',
      }),
      request({ url: 'https://localhost:8281/registry.json', sentAt: 1280, by: 'service worker' }),
      request({ url: 'https://localhost:8280/', sentAt: 1000, fromServiceWorker: true }),
      request({ url: 'https://localhost:8280/api/v1/file/image/hero', sentAt: 2600 }),
    ];
    expect(networkRequestsBefore(requests, 2500).map((r) => r.url)).toEqual([
      'https://localhost:8281/registry.json',
      'https://localhost:8281/customer/1/mf-manifest.json',
    ]);
  });
});

describe('the summary of runs', () => {
  const run = (
    fcpMs: number,
    lcpMs: number,
    readyMs: number,
    blockingMs: number,
    urls: string[],
  ): ReturnVisitRun => ({
    fcpMs,
    lcpMs,
    readyMs,
    blockingMs,
    watched: { lcpMs: lcpMs + 500, blockingMs: blockingMs * 2 },
    requestsBeforeLcp: urls.map((url, at) => ({ url, by: 'page', atMs: at, answeredBeforeLcp: at === 0 })),
    timeline: { lcpElement: 'h1', resources: [], marks: [], longTasks: [] },
  });

  it("takes each figure's median, and the requests of Lighthouse's median run", () => {
    const figures = summariseRuns([
      run(1200, 3000, 3300, 400, ['a', 'b', 'c']),
      run(900, 2400, 2700, 100, ['a']),
      run(1000, 2600, 2900, 300, ['a', 'b']),
    ]);
    expect(figures).toMatchObject({
      fcpMs: 1000,
      lcpMs: 2600,
      blockingMs: 300,
      watchedLcpMs: 3100,
      watchedBlockingMs: 600,
      requestsBeforeLcp: 2,
      answeredBeforeLcp: 1,
      medianRun: 2,
      requestUrls: ['a', 'b'],
    });
    expect(figures.runs).toHaveLength(3);
  });

  it("prints the watched reading beside the first, and another build's figures under a route's", () => {
    const now = summariseRuns([run(900, 1000, 1100, 20, ['https://localhost/a'])]);
    const before = summariseRuns([
      run(1400, 2000, 2100, 300, ['https://localhost/a', 'https://localhost/b']),
    ]);
    const table = returnVisitTable([{ label: 'tracking', figures: now, before }], 'https://localhost');
    const [header, route, beforeLine] = table.split('\n');
    expect(header).toMatch(/LCP ms\s+FCP ms\s+TBT ms\s+LCP 6s\s+TBT 6s/);
    expect(route?.split(/\s+/).slice(1, 6)).toEqual(['1000', '900', '20', '1500', '40']);
    expect(beforeLine?.split(/\s+/).slice(1, 7)).toEqual(['before', '2000', '1400', '300', '2500', '600']);
  });

  it('refuses no runs', () => {
    expect(() => summariseRuns([])).toThrow();
  });
});

describe('a request the paint may have waited for', () => {
  it('is one answered by LCP; one answered later, or not at all, is a background check', () => {
    expect(answeredBefore({ answeredAt: 1500 }, 1500)).toBe(true);
    expect(answeredBefore({ answeredAt: 1501 }, 1500)).toBe(false);
    expect(answeredBefore({}, 1500)).toBe(false);
  });
});

describe('a short URL', () => {
  it("is the path on the page's origin, host and path elsewhere", () => {
    expect(shortUrl('https://localhost:8280/api/v1/user/get?x=1', 'https://localhost:8280')).toBe(
      '/api/v1/user/get?x=1',
    );
    expect(shortUrl('https://localhost:8281/registry.json', 'https://localhost:8280')).toBe(
      'localhost:8281/registry.json',
    );
  });
});
