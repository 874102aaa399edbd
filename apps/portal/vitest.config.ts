import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Each file in its own module graph: with one graph per worker (ADR 0055) the users page's licence select found
    // no listbox after other files had run (Mantine's combobox state), though it passed alone; see ADR 0055's update.
    isolate: true,
  },
});
