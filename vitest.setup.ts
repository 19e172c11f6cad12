// Setup for the 'ui' Vitest project (see vitest.config.ts).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { currentSession } from '@promo/domain/session/session';
import { resetValueStores } from '@promo/ui/value-store';
// happy-dom lacks two DOM behaviours DOMPurify relies on; without this, SafeHtml renders wrongly in tests only.
import '@promo/ui/safe-html/happy-dom-fidelity';

// Testing Library unmounts after each test by itself only when Vitest's globals are on; ours are off.
afterEach(() => {
  cleanup();
  // The shared stores (toasts, page frame, update prompt, session) are module state: each test starts clean.
  resetValueStores();
  currentSession.reset();
});
