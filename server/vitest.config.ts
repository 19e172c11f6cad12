import { defineConfig } from 'vitest/config';

// The server's tests run in Node against an in-memory SQLite database; no DOM.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Seeding 2,000+ accounts and hashing passwords with scrypt make a few tests slower than the default 5 s on a busy machine.
    testTimeout: 20_000,
    // The same for the hooks that seed a database for a whole file (the default is 10 s).
    hookTimeout: 20_000,
    // Each test builds its own app and in-memory database (src/test-support/test-app.ts), so the
    // files share one module graph per worker instead of importing Fastify and the routes afresh
    // each (docs/decisions/023-test-suite-time.md).
    isolate: false,
  },
});
