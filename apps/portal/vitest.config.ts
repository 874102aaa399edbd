import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // One module graph per worker (ADR 0055): the setup file, i18n, Mantine and jsdom load once per worker, not once
    // per file. Nothing may stay in module scope or in the document between tests (src/test/setup.ts clears both).
    isolate: false,
  },
});
