import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { FLOOR_BASE, pwaOptions } from './pwa.config.ts';

// Served by the API at /floor/ from apps/floor/dist; `vite` (port 5176) proxies /api to the API on 8106.
// Shown in the menu, so support can tell which version a scanner runs; also makes every build a new
// service worker version.
const BUILD = process.env.FLOOR_BUILD_ID ?? new Date().toISOString().slice(0, 16).replace('T', ' ');

export default defineConfig({
  base: FLOOR_BASE,
  define: { 'import.meta.env.VITE_FLOOR_BUILD': JSON.stringify(BUILD) },
  // Brotli and gzip copies next to each file; the API serves them precompressed (apps/api lib/static.ts).
  plugins: [
    react(),
    VitePWA(pwaOptions),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: { port: 5176, strictPort: true, proxy: { '/api': 'http://127.0.0.1:8106' } },
  preview: { port: 5176, strictPort: true },
});
