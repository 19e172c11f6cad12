/** How long after the first screen reporting starts. ms */
const START_AFTER_MS = 5000;

/**
 * Starts release-health reporting (./release-reporter.ts, with web-vitals: 3.8 KB gzip, a chunk of
 * its own) once the first screen is up and the page has gone quiet, so it never competes with the
 * page's own downloads (docs/decisions/033-release-health.md). Events emitted before then wait in
 * the release-events channel; web-vitals reads the entries the browser buffered meanwhile.
 */
export function startReleaseHealthLater(env: string, apiBase: string): void {
  setTimeout(() => {
    import('./release-reporter').then(
      ({ startReleaseReporting }) => startReleaseReporting({ env, endpoint: `${apiBase}/telemetry` }),
      // Best effort: a chunk that does not load costs the page nothing.
      () => undefined,
    );
  }, START_AFTER_MS);
}
