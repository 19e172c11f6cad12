import type { RemoteName } from '@promo/domain/paths';
import { provideCrashReporter } from '@promo/domain/remote-contract';

/**
 * Starts reporting the crashes every error boundary catches, the remotes' included (they reach the
 * reporter through @promo/domain/remote-contract), as release events. The report's code
 * (crash-report.ts) loads only when something crashed: no page pays for it otherwise.
 */
export function startCrashReporting(remoteVersions: Partial<Record<RemoteName, string>> = {}): void {
  provideCrashReporter((error, owner) => {
    // Read now: by the time the report's code is in, the page may have moved on.
    const pathname = window.location.pathname;
    import('./crash-report')
      .then(({ emitCrashEvent }) =>
        emitCrashEvent({ error, owner, pathname, remoteVersions, shellVersion: __BUILD_DATE__ }),
      )
      // Offline, the report's code may not come: the crash was caught and shown all the same.
      .catch(() => undefined);
  });
}
