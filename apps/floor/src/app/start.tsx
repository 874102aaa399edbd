import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isPickScreenPath } from '../features/pick/pick-first-page.ts';
import { initI18n } from '../i18n/index.ts';
import { App } from './app.tsx';
import { registerServiceWorker } from './sw-update.ts';

// The app itself, loaded by main.tsx once it has sent the session check and started the screen's files (ADR 0082);
// index.html preloads this file beside main.tsx's.

/** How long after the load event the service worker waits at least (ms). */
const SERVICE_WORKER_DELAY_MS = 3000;

initI18n();
// What the first screen does not need waits until the page has loaded and the main thread is idle (ADR 0072): the
// service worker (with workbox-window) and the request to keep IndexedDB, which holds picks not yet sent, under
// storage pressure. Not before SERVICE_WORKER_DELAY_MS after the load event (ADR 0078): the screens' files are dynamic
// imports, so the load event comes before a screen has run, and workbox-window's request went out before the pick
// card's paint (one more file in Lighthouse's LCP chain).
afterLoadWhenIdle(() => {
  void registerServiceWorker();
  void navigator.storage?.persist?.().catch(() => false);
});

/**
 * Runs `fn` {@link SERVICE_WORKER_DELAY_MS} after the page's load event, when the main thread is idle (a timer without
 * idle callbacks).
 */
function afterLoadWhenIdle(fn: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(fn, { timeout: 5000 })
      : setTimeout(fn, 500);
  const later = () => setTimeout(idle, SERVICE_WORKER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The first render waits one task: the session check (ky sends from a microtask) and the screen's dynamic imports
// leave while the main thread is free, not after the whole app has rendered; index.html's shell shows meanwhile.
setTimeout(() => {
  // The static shell goes in the same task as the first render (synchronous in Preact), so no frame shows the root
  // empty; the first render shows the same shell (BootShell) until the screen is ready (ADR 0064).
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}, 0);

// On the pick screen, the warehouse's time zone in Intl, loaded in a task of its own after the first render's while the
// screen's files download: its first use costs ~12 ms (~50 ms on a phone 4× slower), which otherwise fell in the
// screen's start (date-fns' TZDate for the pick list's default filter; ADR 0078). The same options as @date-fns/tz's
// `tzOffset`, whose own formatter then comes cheap. Here and not in main.tsx (ADR 0082): there it was the page's first
// use of Intl, which loads more than the time zone (167 ms observed at load 14, against 35 ms here).
if (isPickScreenPath(window.location.pathname))
  setTimeout(() => {
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Amsterdam', timeZoneName: 'longOffset' }).format(0);
  }, 0);
