import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // One module graph per worker for all its files (ADR 0055): the setup, i18n and Mantine load once, not per file.
    // What a test leaves in module scope is reset in src/test/setup.ts.
    isolate: false,
  },
});
