// Setup for the 'ui' Vitest project (see vitest.config.ts).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { currentSession } from '@promo/domain/session';
import { resetValueStores } from '@promo/ui/value-store';
// happy-dom lacks two DOM behaviours DOMPurify relies on; without this, SafeHtml renders wrongly in tests only.
import '@promo/ui/safe-html-test-support';

// Pages are lazy: the first render of a file imports its page, and a chart or a sanitised block
// renders a frame later; on a loaded machine, with a file on each core, that has taken over Testing
// Library's default second. findBy and waitFor return as soon as their condition holds, so the
// longer limit costs nothing when things are quick.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts after each test by itself only when Vitest's globals are on; ours are off.
afterEach(() => {
  cleanup();
  // The shared stores (toasts, page frame, update prompt, session) are module state: each test starts clean.
  resetValueStores();
  currentSession.reset();
});
