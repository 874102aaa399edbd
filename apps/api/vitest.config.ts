import { defineConfig } from 'vitest/config';

// API tests run through buildApp() on a fresh PGlite (or PostgreSQL with TEST_DATABASE_URL) per file.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores are shared; PGlite start-up and argon2 are CPU-bound.
    maxWorkers: 2,
    // Each worker keeps its module graph from one test file to the next instead of importing the whole app again
    // per file (ADR 0055: the suite spent ~95 s importing). Every file still builds its own app on its own database
    // (test/test-app.ts); what lives in module scope is either a constant, a cache keyed by its inputs, or set by
    // each buildApp() (lib/carriers configureCarriers).
    isolate: false,
  },
});
