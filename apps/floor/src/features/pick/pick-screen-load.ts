import type { ComponentType } from 'react';

// The pick screen's file, loaded by the pick route (index.ts) and by a fresh device's first card
// (pick-first.screen.tsx) once that card has been painted (ADR 0136).

/**
 * The pick screen's file (with Dexie and the outbox), loaded once; the list's first download is started before it
 * resolves (ADR 0072, 0076; once per page load, pick-early.ts): a fresh device's takes the first page main.tsx sent,
 * and the screen's first refresh takes the download.
 */
export function loadPickScreen(): Promise<ComponentType> {
  const started = import('./pick-early.ts').then((m) => m.startEarlyPickDownload()).catch(() => undefined); // the screen downloads the list itself
  screen ??= import('./pick.screen.tsx').then((m) => (loaded = m.PickScreen));
  screen.catch(() => {
    screen = null; // offline before the file was cached: the next visit tries again
  });
  const file = screen;
  return started.then(() => file);
}
let screen: Promise<ComponentType> | null = null;
let loaded: ComponentType | null = null;

/** The pick screen when {@link loadPickScreen} has loaded it, else null. */
export function loadedPickScreen(): ComponentType | null {
  return loaded;
}
