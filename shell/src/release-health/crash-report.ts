import { mountOf, type RemoteName } from '@promo/domain/paths';
import { emitReleaseEvent, type ReleaseEvent } from './release-events';

export type CrashEvent = Extract<ReleaseEvent, { type: 'crash' }>;

/** Enough frames to find the throwing code; the rest is React's and the bundler's. */
const MAX_FRAMES = 5;
/** A message that long is carrying data, not describing the fault. */
const MAX_MESSAGE_LENGTH = 200;

/**
 * The first frames of a stack, one a line. V8 starts its stack with "Name: message", Gecko and
 * WebKit do not: only frames are kept ("at fn (url:1:2)" or "fn@url:1:2"), each URL without its
 * query string or fragment.
 */
export function stackFrames(stack: string | undefined): string {
  if (!stack) return '';
  return stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at ') || line.includes('@'))
    .slice(0, MAX_FRAMES)
    .map((line) => line.replace(/\?[^:)\s]*|#[^:)\s]*/g, ''))
    .join('\n');
}

/**
 * The route's pattern ('/salesrep/promotions/:id'), not its path: what a crash report may carry
 * is which screen crashed, never whose data it showed.
 */
export function routePattern(pathname: string): string {
  const mount = mountOf(pathname);
  const segments = pathname.split('/').filter(Boolean);
  const pattern = mount?.patterns.find((candidate) => {
    const expected = candidate.split('/').filter(Boolean);
    return (
      expected.length === segments.length &&
      expected.every((part, index) => part.startsWith(':') || part === segments[index])
    );
  });
  return pattern ?? 'unknown';
}

export interface CrashFacts {
  error: unknown;
  /** The boundary's owner when it knows it (the shell's own boundary); else the route's remote. */
  owner: RemoteName | 'shell' | undefined;
  pathname: string;
  /** Each remote's version as the registry names it. */
  remoteVersions: Partial<Record<RemoteName, string>>;
  /** The shell build's version (its build date). */
  shellVersion: string;
}

/**
 * A crash as release health hears of it: what threw (name, message, the first frames), on which
 * route, in which remote and version. No customer data: the route is its pattern, the message is
 * cut short, and the stack's URLs lose their query strings.
 */
export function crashEvent({ error, owner, pathname, remoteVersions, shellVersion }: CrashFacts): CrashEvent {
  const remote = owner ?? mountOf(pathname)?.remote ?? 'shell';
  const details = error instanceof Error ? error : undefined;
  const message = details ? details.message : String(error);
  return {
    type: 'crash',
    remote,
    version: remote === 'shell' ? shellVersion : (remoteVersions[remote] ?? 'unknown'),
    route: routePattern(pathname),
    name: details?.name ?? typeof error,
    message: message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message,
    stack: stackFrames(details?.stack),
  };
}

/** Emits the crash as a release event. */
export function emitCrashEvent(facts: CrashFacts): void {
  emitReleaseEvent(crashEvent(facts));
}
