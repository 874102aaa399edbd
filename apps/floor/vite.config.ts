import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { PRECOMPRESSED } from '../../packages/web/build.config.ts';
import { PREACT_ALIASES, PREACT_DEDUPE } from '../../packages/web/preact/config.ts';
import { floorCodeSplitting } from './chunks.config.ts';
import { FLOOR_BASE, pwaOptions } from './pwa.config.ts';

// Served by the API at /floor/ from apps/floor/dist; `vite` (port 5176) proxies /api to the API on 8106.
// Shown in the menu, so support can tell which version a scanner runs; also makes every build a new
// service worker version.
const BUILD = process.env.FLOOR_BUILD_ID ?? new Date().toISOString().slice(0, 16).replace('T', ' ');

/**
 * Brotli and gzip copies of the service worker and its Workbox runtime, which vite-plugin-pwa writes after the
 * bundle (so the compression plugin never sees them); runs after it. The bundle-size check of `npm test`
 * (scripts/bundle-budget.mjs) fails on a text asset without its copies.
 */
function precompressServiceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hoppa:precompress-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const name of readdirSync(outDir).filter((n) => /^(sw|workbox-[\w-]+)\.js$/.test(n))) {
          const file = join(outDir, name);
          const body = readFileSync(file);
          writeFileSync(`${file}.br`, brotliCompressSync(body));
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Puts the stylesheets before the module script and its preloads in index.html. The page cannot paint before its CSS,
 * and a browser fetches at most six files at a time from one HTTP/1.1 origin: behind seven scripts the CSS waited for a
 * free connection, which cost the phone's first paint a round trip (docs/benchmarks.md, Lighthouse).
 */
function stylesFirst(): Plugin {
  return {
    name: 'hoppa:styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const styles = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        const rest = styles.reduce((out, link) => out.replace(link, ''), html);
        return rest.replace('<script type="module"', `${styles.join('\n    ')}\n    <script type="module"`);
      },
    },
  };
}

export default defineConfig({
  base: FLOOR_BASE,
  // React's API on Preact (ADR 0056): a third of the first load's JavaScript.
  resolve: { alias: PREACT_ALIASES, dedupe: PREACT_DEDUPE },

  define: { 'import.meta.env.VITE_FLOOR_BUILD': JSON.stringify(BUILD) },
  // Brotli and gzip copies next to each file; the API serves them precompressed (apps/api lib/static.ts).
  plugins: [
    react(),
    VitePWA(pwaOptions),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, include: PRECOMPRESSED }),
    precompressServiceWorker(),
    stylesFirst(),
  ],
  // Fewer, larger files on the first screens' paths (ADR 0069, chunks.config.ts).
  build: { rolldownOptions: { output: { codeSplitting: floorCodeSplitting() } } },
  server: { port: 5176, strictPort: true, proxy: { '/api': 'http://127.0.0.1:8106' } },
  preview: { port: 5176, strictPort: true },
});
