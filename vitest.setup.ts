// Setup for the 'ui' Vitest project (see vitest.config.ts).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// happy-dom lacks two DOM behaviours DOMPurify relies on; without this, SafeHtml renders wrongly in tests only.
import '@promo/ui/safe-html-test-support';

// Testing Library unmounts after each test by itself only when Vitest's globals are on; ours are off.
afterEach(() => {
  cleanup();
});
