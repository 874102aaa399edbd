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
  },
});
