import { defineConfig } from 'vitest/config';
// Vitest 5 reports failures with Map.groupBy & co., which Node 20 lacks (scripts/node20-polyfills.mjs).
import '../../scripts/node20-polyfills.mjs';

// API tests run through buildApp() on a fresh PGlite (or PostgreSQL with TEST_DATABASE_URL) per file.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores are shared; PGlite start-up and argon2 are CPU-bound.
    maxWorkers: 2,
  },
});
