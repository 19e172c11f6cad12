import type { RemoteName } from '@promo/domain/paths';
import { REPORT_LIMITS } from '@promo/domain/release-health/release-report';
import type { ReleaseReport, ReportedEvent } from '@promo/domain/release-health/release-report.schema';
import type { ReleaseEvent } from './release-events';

/** A page view: which remote version rendered which route template. */
export interface PageRef {
  remote: RemoteName;
  version: string;
  route: string;
}

/**
 * A concrete path made anonymous, for a crash outside the current page's remote, whose template is
 * not known: each segment holding a digit (an id) becomes ':id', and any query or fragment is dropped.
 */
export function anonymousPath(path: string): string {
  const anonymous = (path.split(/[?#]/)[0] ?? '')
    .split('/')
    .map((segment) => (/\d/.test(segment) ? ':id' : segment))
    .join('/');
  return anonymous.startsWith('/') ? anonymous : `/${anonymous}`;
}

/** Events per report; a report also goes when the page is hidden. */
const BATCH_EVENTS = 20;
/**
 * Characters of JSON per report: a third of the server's 32 KB, so that a report is under it even
 * when every character takes three bytes of UTF-8.
 */
export const BATCH_CHARS = Math.floor(REPORT_LIMITS.maxBodyBytes / 3);
const STACK_FRAMES = 5;

/** A version as the server accepts it (the deploy tool's characters); 'unknown' when there is none. */
export function safeVersion(version: string): string {
  const cleaned = version.replace(/[^0-9A-Za-z.+-]/g, '-').replace(/^[^0-9A-Za-z]+/, '');
  return cleaned.slice(0, 64) || 'unknown';
}

/** Query strings and fragments of the URLs a text quotes: they may carry what a person typed. */
const withoutQueries = (text: string) => text.replace(/[?#][^\s:)'"]*/g, '');

/** A message that might quote a person's input: e-mail addresses and query strings removed. */
function scrubbed(text: string, max: number): string {
  return withoutQueries(text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '<email>')).slice(0, max);
}

/** The first frames of a stack (V8's "Name: message" line left out: the report carries both apart). */
export function firstFrames(stack: string): string {
  const frames = stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^at\s|@|:\d+:\d+\)?$/.test(line))
    .slice(0, STACK_FRAMES);
  // Not scrubbed for e-mail addresses: Gecko's and WebKit's frames are `name@url`.
  return withoutQueries(frames.join('\n')).slice(0, REPORT_LIMITS.maxStack);
}

/**
 * The event as reported: texts scrubbed and cut to the server's limits, a crash's route the
 * current page's template when it happened on that remote's page.
 */
export function toReportedEvent(event: ReleaseEvent, page: PageRef | undefined): ReportedEvent {
  switch (event.type) {
    case 'page-view':
      return { ...event, version: safeVersion(event.version) };
    case 'load-failure':
      return {
        ...event,
        version: safeVersion(event.version),
        message: scrubbed(event.message, REPORT_LIMITS.maxMessage),
      };
    case 'fallback':
      return { ...event, from: safeVersion(event.from), to: safeVersion(event.to) };
    case 'crash':
      return {
        type: 'crash',
        remote: event.remote,
        version: safeVersion(event.version),
        route: page && page.remote === event.remote ? page.route : anonymousPath(event.route),
        name: event.name.slice(0, 100),
        message: scrubbed(event.message, REPORT_LIMITS.maxMessage),
        stack: firstFrames(event.stack),
      };
  }
}

/** Events waiting to be sent; full batches go at once, the rest when `flush` is called. */
export class ReportQueue {
  readonly #send: (report: ReleaseReport) => void;
  readonly #env: string;
  readonly #device: string | undefined;
  #events: ReportedEvent[] = [];
  #chars = 0;

  /** `device`: the browser's rollout id, which every report carries (release-report.schema.ts). */
  constructor(env: string, send: (report: ReleaseReport) => void, device?: string) {
    this.#env = env;
    this.#send = send;
    this.#device = device;
  }

  add(event: ReportedEvent): void {
    const chars = JSON.stringify(event).length;
    if (this.#chars + chars > BATCH_CHARS) this.flush();
    this.#events.push(event);
    this.#chars += chars;
    if (this.#events.length >= BATCH_EVENTS) this.flush();
  }

  readonly flush = (): void => {
    if (this.#events.length === 0) return;
    const events = this.#events;
    this.#events = [];
    this.#chars = 0;
    this.#send({ env: this.#env, events, ...(this.#device !== undefined && { device: this.#device }) });
  };
}
