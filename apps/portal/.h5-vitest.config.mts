import { defineConfig } from 'vitest/config';
export default defineConfig({
  root: '/work/main/apps/portal',
  test: { include: ['src/features/{products,orders,shipments}/**/*.test.{ts,tsx}'], environment: 'node' },
});
