// Setup for the 'ui' Vitest project (see vitest.config.ts).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { taskOfItsOwn } from '@promo/domain/http/task-of-its-own';
import { provideCrashReporter, provideRuntimeConfig } from '@promo/domain/remote-contract';
import { currentSession } from '@promo/domain/session/session';
import { listenForApiCalls, apiServer, resetApi } from '@promo/ui/testing/api-server';
import { resetAppAtoms } from '@promo/ui/app-store';
import { resetReleaseEvents } from '@promo/shell/release-health/release-events';
// happy-dom lacks two DOM behaviours DOMPurify relies on; without this, SafeHtml renders wrongly in tests only.
import '@promo/ui/safe-html/happy-dom-fidelity';

// One fake /api/v1 for every test (@promo/ui/testing): each test declares what it answers (mockApi),
// and a request nobody answers fails the test.
beforeAll(listenForApiCalls);

// The shell provides the environment's configuration before any page renders; so does every test
// file, afresh. Files share their modules (the ui project does not isolate them), so a file that
// provides another configuration cannot hand it to the next.
beforeAll(() =>
  provideRuntimeConfig({
    environment: 'test',
    apiBase: '/api/v1',
    remotes: { public: '', customer: '', salesrep: '' },
  }),
);
afterAll(() => apiServer.close());

// Pages are lazy: the first render of a file imports its page, and a chart or a sanitised block
// renders a frame later; on a loaded machine, with a file on each core, that has taken over Testing
// Library's default second. findBy and waitFor return as soon as their condition holds, so the
// longer limit costs nothing when things are quick.
configure({ asyncUtilTimeout: 5000 });

// The shell's release events are module state too: a listener or a kept event of one test would
// reach the next. Reset as each test starts, since a page of the test before may still emit after
// its own end (a crash report's code arriving, an effect of an unmounting page).
beforeEach(() => resetReleaseEvents());

// Testing Library unmounts after each test by itself only when Vitest's globals are on; ours are off.
afterEach(async () => {
  cleanup();
  // The http client sends each request in a task of its own, so a query a page started just before
  // its unmount has not left yet. It leaves in this wait, while this test's handlers still answer
  // (or miss) it, instead of reaching the next test's.
  if (!vi.isFakeTimers()) await taskOfItsOwn();
  // The app's atoms (toasts, page frame, update prompt, the rep's selection) and the session are
  // module state: each test starts clean.
  resetAppAtoms();
  currentSession.reset();
  // After the unmount, so nothing the page still does reaches a handler of the next test.
  resetApi();
  // A test that listens for crashes provides its own reporter; the next one hears nothing of them.
  provideCrashReporter(() => undefined);
});
