import { createRequire } from 'node:module';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { MANTINE_PREACT_ALIASES, PREACT_ALIASES, PREACT_DEDUPE } from '../../packages/web/preact/config.ts';

// React's API on Preact as in the build (packages/web/preact/config.ts, ADR 0070), so the tests run what ships; as the
// floor's: Testing Library's ES module build, whose imports of react and react-dom the aliases reach (its CommonJS
// build would load React's own renderer), libraries' ES module builds, and the libraries inlined so that their imports
// of react meet the aliases too.
const testingLibrary = join(
  createRequire(import.meta.url).resolve('@testing-library/react/package.json'),
  '../dist/@testing-library/react.esm.js',
);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@testing-library\/react$/, replacement: testingLibrary },
      ...PREACT_ALIASES,
      ...MANTINE_PREACT_ALIASES,
    ],
    dedupe: PREACT_DEDUPE,
    mainFields: ['module', 'main'],
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    server: { deps: { inline: true } },
    // Each file in its own module graph: with one graph per worker (ADR 0055) the users page's licence select found
    // no listbox after other files had run (Mantine's combobox state), though it passed alone; see ADR 0055's update.
    isolate: true,
  },
});
