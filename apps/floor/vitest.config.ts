import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { PREACT_ALIASES, PREACT_DEDUPE } from '../../packages/web/preact/config.ts';

// Offline logic runs in node with fake-indexeddb (each test opens its own IDBFactory);
// component tests opt into jsdom with a `// @vitest-environment jsdom` line. React's API runs on Preact as in the
// build (packages/web/preact/config.ts); the libraries are inlined so that their imports of react meet the aliases too.
// Testing Library's ES module build, whose imports of react and react-dom the aliases can reach (its CommonJS build
// would load React's own renderer).
const testingLibrary = join(
  createRequire(import.meta.url).resolve('@testing-library/react/package.json'),
  '../dist/@testing-library/react.esm.js',
);

/** A file's own environment line (`// @vitest-environment jsdom`), read as Vitest reads it; `node` without one. */
function environmentOf(file: string): string {
  return /@(?:vitest|jest)-environment\s+([\w-]+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? 'node';
}

/**
 * Files known to take the longest: the offline proof starts a real API process (migrations and a seed on PGlite) and
 * sends 1,000 flips (≈ 35 s). Without Vitest's cache of earlier durations (a clean clone) it sorted last and ran alone
 * at the end while the other worker was idle (≈ 25 s of an 86 s run); first, it runs beside the screen tests.
 */
const LONG_FILES = [/offline-flips\.test\.ts$/];

/**
 * Vitest's order (failed, then longest, or largest without a cache), with {@link LONG_FILES} first, then the jsdom
 * files, then the node files. A worker is kept for the next file only when that file's environment is the same
 * (`isolate: false`); in Vitest's order the two kinds alternated (≈ 20 changes in a clean clone), and each change
 * stopped the worker and started another that imported Preact, Mantine and the app again. The long files cost one
 * such change.
 */
class EnvironmentGroupSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => LONG_FILES.some((re) => re.test(f.moduleId));
    const jsdom = (f: TestSpecification) => !long(f) && environmentOf(f.moduleId) === 'jsdom';
    return [...sorted.filter(long), ...sorted.filter(jsdom), ...sorted.filter((f) => !long(f) && !jsdom(f))];
  }
}

export default defineConfig({
  resolve: {
    alias: [{ find: /^@testing-library\/react$/, replacement: testingLibrary }, ...PREACT_ALIASES],
    dedupe: PREACT_DEDUPE,
    // Libraries' ES module builds (react-remove-scroll's CommonJS build would require React itself).
    mainFields: ['module', 'main'],
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    environment: 'node',
    // Vitest's 5 s per test is too short on shared machines: at a load average of 13 a dozen screen tests ran 5.2–6 s.
    testTimeout: 30_000,
    server: { deps: { inline: true } },
    // One module graph per worker (ADR 0089, as the portal's ADR 0055): Preact, Mantine, Dexie, i18n and the app load
    // once per worker, not once per file. src/test/setup.ts gives every jsdom file a fresh page's state (document,
    // localStorage, IndexedDB, the app's module-level state); nothing else may stay in module scope between files.
    isolate: false,
    setupFiles: ['src/test/setup.ts'],
    sequence: { sequencer: EnvironmentGroupSequencer },
  },
});
