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
      // No hand-made library chunks: a group of all of Mantine (or of every library) put each component any screen
      // uses into the first load (333 KB gzip); left to Rolldown, each lazy screen's chunk carries what it alone
      // uses and the first load only the shell's share (issue 8, docs/benchmarks.md).
    },
  };
});
