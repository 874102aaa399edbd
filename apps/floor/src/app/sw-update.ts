import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

let waiting: Workbox | null = null;
const listeners = new Set<() => void>();

/**
 * Registers the service worker (production builds only; vite-plugin-pwa writes `sw.js` with the app
 * shell precached and no /api route). A new version waits (`registerType: 'prompt'`) until the picker
 * applies it from the update prompt, which only offers it while the outbox is empty. workbox-window loads here, not
 * with the app: main.tsx calls this once the first screen is up (ADR 0072).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  wb.addEventListener('waiting', () => {
    waiting = wb;
    for (const l of listeners) l();
  });
  wb.register().catch((err: unknown) => console.warn('Service worker registration failed', err));
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  const wb = waiting;
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

/** Whether a new version is waiting. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribeWaiting, waitingNow);
}

function subscribeWaiting(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}
const waitingNow = () => waiting !== null;
