import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Where the API serves the floor app (and the service worker's scope). */
export const FLOOR_BASE = '/floor/';

/**
 * The floor PWA (design: 'Floor app offline model'). generateSW precaches the app shell (html, js, css,
 * icons, sounds), so the app starts and reloads offline; navigations under /floor/ fall back to the
 * shell. No runtime caching at all: the app keeps its data in IndexedDB, and /api answers must never
 * come from a cache or be replayed (state-changing GETs of the catalogue included). Product photos are
 * other sites' opaque responses; caching them would eat quota, and the placeholder covers offline.
 * A new version waits (`prompt`) until the picker applies it with an empty outbox (src/app/sw-update.ts).
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: FLOOR_BASE,
    name: 'Hoppa Floor',
    short_name: 'Hoppa Floor',
    description: 'Picken met de handscanner, ook offline',
    lang: 'nl',
    start_url: FLOOR_BASE,
    scope: FLOOR_BASE,
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#e8590c',
    background_color: '#ffffff',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // public/ (icons, sounds) and the build output; source maps and the like stay out
    globPatterns: ['**/*.{html,js,css,png,svg,wav,wasm,webmanifest}'],
    navigateFallback: 'index.html',
    navigateFallbackAllowlist: [/^\/floor\//],
    navigateFallbackDenylist: [/^\/api\//],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    // A device's first visit is controlled as soon as the app shell is cached, not from the next load on: the Wi-Fi
    // may drop in that first session, and a screen not opened yet must then still load (ADR 0132 §7). An update
    // still waits for the picker (skipWaiting false); pages it replaces were controlled already, so this changes
    // only the first install.
    clientsClaim: true,
    skipWaiting: false,
    // the camera's barcode reader (zxing-cpp as WebAssembly, ≈ 1.1 MB) must be precached for offline scanning
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
  devOptions: { enabled: false },
};
