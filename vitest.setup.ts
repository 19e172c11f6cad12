// Setup for the 'ui' Vitest project (see vitest.config.ts).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { currentSession } from '@promo/domain/session';
import { resetSharedAtoms } from '@promo/ui/shared-atoms-test-support';
// happy-dom lacks two DOM behaviours DOMPurify relies on; without this, SafeHtml renders wrongly in tests only.
import '@promo/ui/safe-html-test-support';

// Testing Library unmounts after each test by itself only when Vitest's globals are on; ours are off.
afterEach(() => {
  cleanup();
  // The shared atoms (toasts, page frame, session) live in jotai's default store: each test starts clean.
  resetSharedAtoms();
  currentSession.reset();
});
