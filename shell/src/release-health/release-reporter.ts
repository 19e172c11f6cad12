import type { ReleaseReport, WebVitalName } from '@promo/domain/release-health/release-report.schema';
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { deviceId } from '../runtime-config/device-id';
import { onReleaseEvent } from './release-events';
import { ReportQueue, toReportedEvent, type PageRef } from './report-queue';

const VITALS: readonly string[] = ['LCP', 'INP', 'CLS'] satisfies WebVitalName[];

/**
 * A beacon outlives the page (it is sent as the tab closes); where the browser refuses one (over
 * its in-flight quota), a keepalive fetch. A string is sent as text/plain: no CORS preflight in
 * any engine. Both carry the session cookie, as a beacon always does: the API counts a signed-in
 * page's events as that person's, a pseudonym it derives, and reads nothing else of the session
 * (docs/decisions/033-release-health.md, "Who counts").
 */
export function sendReport(endpoint: string, report: ReleaseReport): void {
  const body = JSON.stringify(report);
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoint, body)) return;
  fetch(endpoint, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}

/**
 * Reports release health for this page (docs/decisions/033-release-health.md): every release event
 * (page views, load failures, fallbacks, crashes) and the document's Core Web Vitals, which belong
 * to its first page view's route and remote version. Reports go when 20 events have queued and
 * when the page is hidden or left. Returns the stop function.
 */
export function startReleaseReporting(options: {
  env: string;
  endpoint: string;
  send?: (report: ReleaseReport) => void;
}): () => void {
  const send = options.send ?? ((report: ReleaseReport) => sendReport(options.endpoint, report));
  // The API counts an event of a remote anyone opens only for the version served to this browser.
  const queue = new ReportQueue(options.env, send, deviceId());
  let landing: PageRef | undefined;
  let current: PageRef | undefined;
  const stopEvents = onReleaseEvent((event) => {
    const reported = toReportedEvent(event, current);
    if (reported.type === 'page-view') {
      current = { remote: reported.remote, version: reported.version, route: reported.route };
      landing ??= current;
    }
    queue.add(reported);
  });
  const onVital = ({ name, value }: Metric) => {
    if (!landing || !VITALS.includes(name)) return;
    // ms for LCP and INP, whole; CLS is a small score, kept to four places.
    const rounded = name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    queue.add({ type: 'vital', ...landing, name: name as WebVitalName, value: rounded });
  };
  onLCP(onVital);
  onINP(onVital);
  onCLS(onVital);
  // On window, bubbling: after web-vitals' own capturing listeners have reported the final values.
  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') queue.flush();
  };
  addEventListener('visibilitychange', flushWhenHidden);
  addEventListener('pagehide', queue.flush);
  return () => {
    stopEvents();
    removeEventListener('visibilitychange', flushWhenHidden);
    removeEventListener('pagehide', queue.flush);
    queue.flush();
  };
}
