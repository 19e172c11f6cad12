import type { ReleaseReport } from '@promo/domain/release-health/release-report.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitReleaseEvent } from './release-events';
import { sendReport, startReleaseReporting } from './release-reporter';

function hide(): void {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('startReleaseReporting', () => {
  it('sends the page views emitted before it started and the failures after, when the page is hidden', () => {
    emitReleaseEvent({ type: 'page-view', remote: 'customer', version: '1.4.2', route: '/promotions/:id' });
    const sent: ReleaseReport[] = [];
    const stop = startReleaseReporting({
      env: 'bnt-stage',
      endpoint: '/api/v1/telemetry',
      send: (r) => sent.push(r),
    });
    emitReleaseEvent({
      type: 'load-failure',
      remote: 'salesrep',
      version: '2.0.0',
      stage: 'entry',
      message: 'RUNTIME-008',
    });
    expect(sent).toEqual([]);
    hide();
    expect(sent).toEqual([
      {
        env: 'bnt-stage',
        // The browser's rollout id, which placed it in staged rollouts.
        device: localStorage.getItem('ezy-device'),
        events: [
          { type: 'page-view', remote: 'customer', version: '1.4.2', route: '/promotions/:id' },
          {
            type: 'load-failure',
            remote: 'salesrep',
            version: '2.0.0',
            stage: 'entry',
            message: 'RUNTIME-008',
          },
        ],
      },
    ]);
    stop();
  });

  it('sends what is left when the page is left', () => {
    const sent: ReleaseReport[] = [];
    const stop = startReleaseReporting({
      env: 'local',
      endpoint: '/api/v1/telemetry',
      send: (r) => sent.push(r),
    });
    emitReleaseEvent({ type: 'fallback', remote: 'customer', from: '9.9.9', to: '1.4.2' });
    window.dispatchEvent(new Event('pagehide'));
    expect(sent.flatMap((report) => report.events)).toEqual([
      { type: 'fallback', remote: 'customer', from: '9.9.9', to: '1.4.2' },
    ]);
    stop();
  });
});

describe('sendReport', () => {
  it('sends a beacon with the report as text', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    sendReport('/api/v1/telemetry', { env: 'local', events: [] });
    expect(beacon).toHaveBeenCalledWith('/api/v1/telemetry', '{"env":"local","events":[]}');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("falls back to a keepalive fetch with the page's own cookies when the beacon is refused", () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    sendReport('/api/v1/telemetry', { env: 'local', events: [] });
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/v1/telemetry',
      expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'same-origin' }),
    );
  });
});
