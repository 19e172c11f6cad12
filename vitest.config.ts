import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `vitest run` for the whole repo. Workspace packages resolve as TypeScript source through
// node_modules symlinks and their package.json `exports`, as in the apps. Globals stay off: tests
// import describe/it/expect from 'vitest'.
export default defineConfig({
  test: {
    // Vitest keeps one core for its main process by default, which on a 2-core machine runs the 111
    // files one at a time; the main process mostly waits, so every core runs a file
    // (docs/decisions/023-test-suite-time.md).
    maxWorkers: availableParallelism(),
    exclude: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', 'e2e/**'],
    projects: [
      {
        extends: true,
        test: {
          name: 'domain',
          include: ['shared/promo-domain/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Pure rules: the files share one module graph per worker instead of importing zod and
          // the domain afresh each (docs/decisions/023-test-suite-time.md).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          // Each test builds what it uses (temporary folders, servers on free ports, child
          // processes), so the files share one module graph per worker instead of starting a
          // worker and importing afresh each (docs/decisions/023-test-suite-time.md).
          isolate: false,
        },
      },
      // The server keeps its own settings (Node, longer timeouts for seeding) in server/vitest.config.ts.
      'server',
      {
        extends: true,
        // Mirrors the define in rsbuild.base.ts, so components that show the build date render in tests.
        define: { __BUILD_DATE__: JSON.stringify('1970-01-01T00:00:00.000Z') },
        test: {
          name: 'ui',
          include: [
            'shell/**/*.test.{ts,tsx}',
            'remotes/*/**/*.test.{ts,tsx}',
            'shared/ui/**/*.test.{ts,tsx}',
          ],
          environment: 'happy-dom',
          // Node 25+ defines its own `localStorage`, which reads as undefined without
          // --localstorage-file; happy-dom then leaves it in place and every test that touches
          // storage fails on Node 26. The tests stand for a browser, so they get happy-dom's.
          execArgv: ['--no-experimental-webstorage'],
          // Above the 5 s Testing Library gives findBy/waitFor (vitest.setup.ts), so a slow first
          // render fails on the wait that names what it waited for, not on the test's clock.
          testTimeout: 15_000,
          setupFiles: ['./vitest.setup.ts'],
          // Files share one module graph per worker instead of importing React, happy-dom's DOM
          // helpers and msw afresh each (about 70 s of the suite). The setup file resets what a
          // file could leave behind: the DOM, the API handlers, the stores, the session and the
          // runtime configuration (docs/decisions/023-test-suite-time.md).
          isolate: false,
          // CSS is not processed; a CSS Module import yields its class names unchanged (styles.card === 'card').
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
    ],
  },
});
