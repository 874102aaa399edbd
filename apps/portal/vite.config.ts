import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { PRECOMPRESSED } from '../../packages/web/build.config.ts';

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
    plugins: [
      react(),
      compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, include: PRECOMPRESSED }),
    ],
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
          codeSplitting: {
            // Shared code in three chunks (ADR 0080): left to Rolldown the first load was 17 files and /orders' wave
            // after it ~75 small ones, six at a time over HTTP/1.1, with the session and list requests queued behind
            // them. `boot` is what the entry imports statically (the first load, still under its 200 KB budget);
            // `mantine` every Mantine and Floating UI module a screen uses, `contracts` core's schemas and endpoints
            // with zod: one download each, cached for every later screen (immutable, hashed). The login page's first
            // visit carries them too (508 KB transferred against 284 KB; Lighthouse 95–98 either way). The screens'
            // own code stays in Rolldown's automatic chunks. `boot` has the highest priority, so no first-load module
            // moves into the lazy groups. A group also takes what its modules import (ADR 0115), so @mantine/charts
            // (recharts with redux, immer, decimal.js) and core's rich-text (sanitize-html, postcss) stay out: they
            // go with the only screens that use them instead of loading with every screen.
            groups: [
              { name: 'boot', tags: ['$initial'], priority: 30 },
              {
                name: 'mantine',
                test: /node_modules[\\/](\.pnpm[\\/])?.*(@mantine[\\/](?!charts)|@floating-ui)/,
                priority: 20,
              },
              {
                name: 'contracts',
                test: /packages[\\/]core[\\/]src[\\/](?!rich-text)|node_modules[\\/].*zod/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
  };
});
