import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Vitest's 5 s per test is too short on shared machines: at a load average of 13 a dozen screen tests ran 5.2–6 s.
    testTimeout: 30_000,
    setupFiles: ['src/test/setup.ts'],
    // One module graph per worker (ADR 0055): the setup file, i18n, Mantine and jsdom load once per worker, not once
    // per file. Nothing may stay in module scope or in the document between tests (src/test/setup.ts clears both).
    isolate: false,
  },
});
