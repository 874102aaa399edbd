import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to take the longest (two real API processes; the route fuzz's three parts, ~40 s each): without
 * Vitest's cache of earlier durations (a clean clone) it runs the largest files first, and these small files came
 * last, so the suite ended with one worker on them while the other was idle (ADR 0055).
 */
const LONG_FILES = [/two-processes\.test\.ts$/, /route-fuzz(\.\d)?\.test\.ts$/];

/** Vitest's order (failed, then longest, or largest without a cache), with {@link LONG_FILES} first. */
class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => LONG_FILES.some((re) => re.test(f.moduleId));
    return [...sorted.filter(long), ...sorted.filter((f) => !long(f))];
  }
}

// API tests run through buildApp() on a database of their own per file: the worker's PGlite with its tables put back to
// the template's (test/test-app.ts), or a fresh PostgreSQL database with TEST_DATABASE_URL.
/**
 * Files about the embedded database alone, left out of the run on PostgreSQL (TEST_DATABASE_URL) instead of being
 * reported there as skipped: how a worker's one PGlite is put back to the template between files (test/test-app.ts).
 */
const PGLITE_ONLY = ['src/test/test-app.test.ts'];

/** The test files under `dir` (relative to this package), found by walking it. */
function testFiles(dir: string): string[] {
  return readdirSync(join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f}`);
}

/**
 * The files of the embedded database's own run, when `npm test` also runs the whole suite on PostgreSQL
 * (`HOPPA_API_TESTS=embedded`, scripts/test.mjs; ADR 0136): the database layer (`src/db/`: the driver adapter, the
 * migrations and triggers, the demo seed that `npm start` runs on PGlite), {@link PGLITE_ONLY}, and every test file that
 * reads `TEST_DATABASE_URL`, because its scenario differs per engine (requests side by side on PostgreSQL, one after
 * the other on PGlite's one connection; two processes on one data directory). A new file of that kind joins by itself.
 */
function embeddedEngineFiles(): string[] {
  const reads = (f: string) =>
    readFileSync(join(import.meta.dirname, f), 'utf8').includes('TEST_DATABASE_URL');
  const files = [...testFiles('src'), ...testFiles('bench')];
  return [...new Set([...testFiles('src/db'), ...PGLITE_ONLY, ...files.filter(reads)])].sort();
}
const EMBEDDED_ONLY = process.env.HOPPA_API_TESTS === 'embedded';

export default defineConfig({
  test: {
    include: EMBEDDED_ONLY ? embeddedEngineFiles() : ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? PGLITE_ONLY : [])],
    environment: 'node',
    // A cheap argon2 cost for the passwords the tests hash (src/test/setup.ts).
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores are shared; PGlite start-up and argon2 are CPU-bound.
    maxWorkers: 2,
    // Each worker keeps its module graph from one test file to the next instead of importing the whole app again
    // per file (ADR 0055: the suite spent ~95 s importing). Every file still builds its own app on its own database
    // (test/test-app.ts; on PGlite the worker's one PGlite, its tables put back to the template's between files); what lives in module scope is either a constant, a cache keyed by its inputs, or set by
    // each buildApp() (lib/carriers configureCarriers).
    isolate: false,
    sequence: { sequencer: LongFirstSequencer },
  },
});
