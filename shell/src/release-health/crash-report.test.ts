import { reportCrash } from '@promo/domain/remote-contract';
import { describe, expect, it, vi } from 'vitest';
import { crashEvent, routePattern, stackFrames } from './crash-report';
import { startCrashReporting } from './crash-reporting';
import { onReleaseEvent, type ReleaseEvent } from './release-events';

const V8_STACK = `TypeError: Cannot read properties of null (reading 'length')
    at CustomerTable (http://localhost:8083/static/js/async/412.js?v=2:1:2200)
    at renderWithHooks (http://localhost:8080/static/js/lib-react.js:1:100)
    at updateFunctionComponent (http://localhost:8080/static/js/lib-react.js:1:200)
    at beginWork (http://localhost:8080/static/js/lib-react.js:1:300)
    at performUnitOfWork (http://localhost:8080/static/js/lib-react.js:1:400)
    at workLoopSync (http://localhost:8080/static/js/lib-react.js:1:500)`;

const GECKO_STACK = `CustomerTable@http://localhost:8083/static/js/async/412.js#top:1:2200
renderWithHooks@http://localhost:8080/static/js/lib-react.js:1:100
`;

function crash(stack: string): Error {
  const error = new TypeError("Cannot read properties of null (reading 'length')");
  error.stack = stack;
  return error;
}

describe('stackFrames', () => {
  it("keeps V8's first five frames, without the message line or query strings", () => {
    expect(stackFrames(V8_STACK).split('\n')).toEqual([
      'at CustomerTable (http://localhost:8083/static/js/async/412.js:1:2200)',
      'at renderWithHooks (http://localhost:8080/static/js/lib-react.js:1:100)',
      'at updateFunctionComponent (http://localhost:8080/static/js/lib-react.js:1:200)',
      'at beginWork (http://localhost:8080/static/js/lib-react.js:1:300)',
      'at performUnitOfWork (http://localhost:8080/static/js/lib-react.js:1:400)',
    ]);
  });

  it("reads Gecko's and WebKit's frames (name@url), without fragments", () => {
    expect(stackFrames(GECKO_STACK)).toBe(
      'CustomerTable@http://localhost:8083/static/js/async/412.js:1:2200\nrenderWithHooks@http://localhost:8080/static/js/lib-react.js:1:100',
    );
    expect(stackFrames(undefined)).toBe('');
  });
});

describe('routePattern', () => {
  it("names the route's pattern, never the ids in its path", () => {
    expect(routePattern('/salesrep/promotions/PROMO-TierUp-Hampers')).toBe('/salesrep/promotions/:id');
    expect(routePattern('/promotions/PROMO-TierUp-Hampers')).toBe('/promotions/:id');
    expect(routePattern('/')).toBe('/');
    expect(routePattern('/no/such/page')).toBe('unknown');
  });
});

describe('crashEvent', () => {
  const versions = { customer: '1.4.0', salesrep: '2.0.1', public: '1.0.0' };

  it('names the remote of the route and its version from the registry', () => {
    expect(
      crashEvent({
        error: crash(V8_STACK),
        owner: undefined,
        pathname: '/salesrep/promotions/PROMO-TierUp-Hampers',
        remoteVersions: versions,
        shellVersion: '2026-11-25T00:00:00.000Z',
      }),
    ).toEqual({
      type: 'crash',
      remote: 'salesrep',
      version: '2.0.1',
      route: '/salesrep/promotions/:id',
      name: 'TypeError',
      message: "Cannot read properties of null (reading 'length')",
      stack: expect.stringMatching(/^at CustomerTable \(/) as unknown,
    });
  });

  it("names the shell and its build when the shell's own boundary caught it", () => {
    const event = crashEvent({
      error: new Error('Boom'),
      owner: 'shell',
      pathname: '/promotions/PROMO-TierUp-Hampers',
      remoteVersions: versions,
      shellVersion: '2026-11-25T00:00:00.000Z',
    });
    expect(event).toMatchObject({ remote: 'shell', version: '2026-11-25T00:00:00.000Z', name: 'Error' });
  });

  it('cuts a long message short and reports a thrown non-error by its type', () => {
    const long = crashEvent({
      error: new Error('x'.repeat(500)),
      owner: 'customer',
      pathname: '/',
      remoteVersions: {},
      shellVersion: 'build',
    });
    expect(long.message).toHaveLength(201);
    expect(long.version).toBe('unknown');
    const thrown = crashEvent({
      error: 'a string',
      owner: undefined,
      pathname: '/',
      remoteVersions: versions,
      shellVersion: 'build',
    });
    expect(thrown).toMatchObject({ remote: 'customer', name: 'string', message: 'a string', stack: '' });
  });
});

describe('startCrashReporting', () => {
  it('turns what any error boundary reports into a crash release event', async () => {
    const events: ReleaseEvent[] = [];
    const stop = onReleaseEvent((event) => events.push(event));
    vi.stubGlobal('location', { ...window.location, pathname: '/promotions/PROMO-TierUp-Hampers' });
    try {
      startCrashReporting({ customer: '1.4.0' });
      reportCrash(new RangeError('Invalid time value'));
    } finally {
      vi.unstubAllGlobals();
    }
    // The report's code loads on the first crash; the route is the one the crash happened on.
    await vi.waitFor(() => expect(events.some((event) => event.type === 'crash')).toBe(true));
    stop();
    expect(events.filter((event) => event.type === 'crash')).toEqual([
      expect.objectContaining({
        remote: 'customer',
        version: '1.4.0',
        route: '/promotions/:id',
        name: 'RangeError',
        message: 'Invalid time value',
      }),
    ]);
  });
});
