import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The portal is served by the API at `/` in production (apps/api serves apps/portal/dist).
 * In development `vite` runs on 5174 and proxies `/api` to a locally running API (default
 * http://localhost:8104, override with the environment variable HOPPA_API_URL), so the session
 * cookie stays first-party.
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, '.', 'HOPPA_');
  return {
    base: '/',
    // Brotli and gzip copies next to each file; the API serves them precompressed (apps/api lib/static.ts).
    plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
    server: {
      port: 5174,
      strictPort: true,
      proxy: { '/api': { target: env.HOPPA_API_URL ?? 'http://localhost:8104' } },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        output: {
          // Long-lived library chunks, so a new release of the portal's own code re-downloads little.
          // Libraries the features load on demand (exceljs, papaparse) stay in their own lazy chunks.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
              { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
              {
                name: 'vendor',
                test: /node_modules[\\/](@tanstack|i18next|react-i18next|zod|ky|dayjs|@floating-ui)[\\/]/,
              },
            ],
          },
        },
      },
    },
  };
});
