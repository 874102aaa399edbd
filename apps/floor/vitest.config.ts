import { defineConfig } from 'vitest/config';

// Offline logic runs in node with fake-indexeddb (each test opens its own IDBFactory);
// component tests opt into jsdom with a `// @vitest-environment jsdom` line.
export default defineConfig({
  test: { include: ['src/**/*.test.{ts,tsx}', '*.test.ts'], environment: 'node' },
});
