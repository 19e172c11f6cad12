import { releaseReportSchema, type ReleaseReport } from '@promo/domain/release-health/release-report.schema';
import { describe, expect, it } from 'vitest';
import {
  anonymousPath,
  BATCH_CHARS,
  firstFrames,
  ReportQueue,
  safeVersion,
  toReportedEvent,
} from './report-queue';

const V8_STACK = `TypeError: Cannot read properties of undefined (reading 'targets')
    at TrackingPage (https://cdn.test/customer/1.4.2/static/js/async/page.1a2b.js:1:2048)
    at renderWithHooks (https://shell.test/static/js/lib-react.js:1:300)
    at updateFunctionComponent (https://shell.test/static/js/lib-react.js:1:400)
    at beginWork (https://shell.test/static/js/lib-react.js:1:500)
    at performUnitOfWork (https://shell.test/static/js/lib-react.js:1:600)
    at workLoopSync (https://shell.test/static/js/lib-react.js:1:700)`;

describe('firstFrames', () => {
  it('keeps the first five frames without the V8 message line', () => {
    const frames = firstFrames(V8_STACK).split('\n');
    expect(frames).toHaveLength(5);
    expect(frames[0]).toBe(
      'at TrackingPage (https://cdn.test/customer/1.4.2/static/js/async/page.1a2b.js:1:2048)',
    );
    expect(frames.at(-1)).toContain('performUnitOfWork');
  });

  it('reads the frames of Gecko and WebKit stacks, query strings removed', () => {
    expect(
      firstFrames('TrackingPage@https://cdn.test/page.js?token=abc:1:20\n@https://cdn.test/x.js:2:3'),
    ).toBe('TrackingPage@https://cdn.test/page.js:1:20\n@https://cdn.test/x.js:2:3');
  });
});

describe('toReportedEvent', () => {
  it("gives a crash the current page's route template, and scrubs e-mail addresses from its message", () => {
    const reported = toReportedEvent(
      {
        type: 'crash',
        remote: 'customer',
        version: '1.4.2',
        route: '/promotions/PROMO-123',
        name: 'TypeError',
        message: 'No account for jo.smith@example.co.nz',
        stack: V8_STACK,
      },
      { remote: 'customer', version: '1.4.2', route: '/promotions/:id' },
    );
    expect(reported).toMatchObject({ route: '/promotions/:id', message: 'No account for <email>' });
  });

  it("makes a crash's concrete path anonymous when it was not on the current remote's page", () => {
    const reported = toReportedEvent(
      {
        type: 'crash',
        remote: 'shell',
        version: '',
        route: '/salesrep/promotions/P1/customers/G100001',
        name: 'Error',
        message: 'x',
        stack: '',
      },
      undefined,
    );
    expect(reported).toMatchObject({
      remote: 'shell',
      version: 'unknown',
      route: '/salesrep/promotions/:id/customers/:id',
    });
  });

  it('cuts a long load-failure message to the server limit', () => {
    const reported = toReportedEvent(
      {
        type: 'load-failure',
        remote: 'customer',
        version: '9.9.9',
        stage: 'module',
        message: 'm'.repeat(1000),
      },
      undefined,
    );
    expect(reported.type === 'load-failure' && reported.message.length).toBe(300);
  });
});

describe('safeVersion', () => {
  it('keeps the characters versions are made of', () => {
    expect(safeVersion('1.4.2-abc+5')).toBe('1.4.2-abc+5');
    expect(safeVersion('../v 1/2')).toBe('v-1-2');
    expect(safeVersion('')).toBe('unknown');
  });
});

describe('ReportQueue', () => {
  const view = { type: 'page-view', remote: 'customer', version: '1.0.0', route: '/' } as const;

  it('sends a report when 20 events have queued, and the rest on flush', () => {
    const sent: ReleaseReport[] = [];
    const queue = new ReportQueue('local', (report) => sent.push(report));
    for (let i = 0; i < 25; i += 1) queue.add(view);
    expect(sent.map((report) => report.events.length)).toEqual([20]);
    queue.flush();
    queue.flush();
    expect(sent.map((report) => report.events.length)).toEqual([20, 5]);
    expect(sent[1]?.env).toBe('local');
  });

  it('sends before a report would outgrow the body limit', () => {
    const sent: ReleaseReport[] = [];
    const queue = new ReportQueue('local', (report) => sent.push(report));
    const crash = {
      type: 'crash',
      remote: 'customer',
      version: '1.0.0',
      route: '/',
      name: 'Error',
      message: 'm'.repeat(300),
      stack: 's'.repeat(1200),
    } as const;
    for (let i = 0; i < 10; i += 1) queue.add(crash);
    queue.flush();
    expect(sent.length).toBeGreaterThan(1);
    for (const report of sent)
      expect(JSON.stringify(report.events).length).toBeLessThanOrEqual(BATCH_CHARS + 2);
  });

  it('sends only what the telemetry route accepts: the one schema both sides use', () => {
    const sent: ReleaseReport[] = [];
    const queue = new ReportQueue('bnt-stage', (report) => sent.push(report));
    const page = { remote: 'customer', version: '1.0.0', route: '/promotions/:id' } as const;
    queue.add(view);
    queue.add(
      toReportedEvent(
        {
          type: 'load-failure',
          remote: 'salesrep',
          version: '2.0.0',
          stage: 'entry',
          message: 'm'.repeat(900),
        },
        page,
      ),
    );
    queue.add(toReportedEvent({ type: 'fallback', remote: 'salesrep', from: '2.0.0', to: '1.9.0' }, page));
    queue.add(
      toReportedEvent(
        {
          type: 'crash',
          remote: 'shell',
          version: '',
          route: '/x/G100001?q=1',
          name: 'Error',
          message: 'a@b.co',
          stack: V8_STACK,
        },
        undefined,
      ),
    );
    queue.flush();
    expect(sent).toHaveLength(1);
    expect(releaseReportSchema.safeParse(sent[0]).error).toBeUndefined();
  });
});

describe('anonymousPath', () => {
  it('replaces segments holding digits and drops the query', () => {
    expect(anonymousPath('/salesrep/promotions/PROMO-2025-x/customers/G100001?tab=2#a')).toBe(
      '/salesrep/promotions/:id/customers/:id',
    );
    expect(anonymousPath('/my-account')).toBe('/my-account');
  });
});
