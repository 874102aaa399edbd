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
  const markWaiting = () => {
    waiting = wb;
    for (const l of listeners) l();
  };
  wb.addEventListener('waiting', markWaiting);
  const registration = await wb
    .register()
    .catch((err: unknown) => console.warn('Service worker registration failed', err));
  // A new version whose install began before this registration (the browser checks for one on every navigation, and
  // this registration waits until the first screen is up: ADR 0072) fired its `updatefound` before workbox-window
  // listened, and workbox-window only reports one that is already waiting: follow it here until it is installed.
  // Only when a version already controls this page: on the first install there is nothing to update, and that
  // version activates by itself (offering it covered the screen's own buttons: ADR 0123 §2).
  const installing = navigator.serviceWorker.controller ? registration?.installing : undefined;
  installing?.addEventListener('statechange', () => {
    if (installing.state === 'installed' && registration?.waiting === installing) markWaiting();
  });
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

/** Whether a new version is waiting, outside React (the update prompt uses {@link useUpdateWaiting}). */
export const isUpdateWaiting = waitingNow;
