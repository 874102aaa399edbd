import { useSyncExternalStore } from 'react';

/** The verdict of the last scan, shown until the next one. */
export type Flash =
  | { id: number; kind: 'valid'; qty: number; name: string }
  /**
   * Not the pick in front. `picked`: the scan was of the pick confirmed last (its EAN or location: the picker scanned
   * a piece of it again), whose quantity and name the verdict shows instead of the bare code.
   */
  | {
      id: number;
      kind: 'wrong';
      scan: string;
      location: string | null;
      picked?: { qty: number; name: string };
    }
  /** The product of an item without a pick location was scanned: the location it is taken from comes next. */
  | { id: number; kind: 'link'; name: string }
  /**
   * Not judged: the card on screen is the read-only preview of a list still being stored (`usePickList().preview`),
   * so there is no pick to confirm yet; the picker scans again in a moment (as on the first-card screen).
   */
  | { id: number; kind: 'loading'; scan: string };

/**
 * The scan verdict as a small store outside React state: setting it re-renders only the components that show it
 * (the verdict line and the screen tint), not the whole pick screen, so the verdict is on screen within one frame
 * on a slow handheld (issue 8 §2). Subscribe with {@link useFlash}.
 */
export interface FlashStore {
  get(): Flash | null;
  set(flash: Flash | null): void;
  subscribe(listener: () => void): () => void;
}

/** A new, empty verdict store (one per pick screen). */
export function createFlashStore(): FlashStore {
  let value: Flash | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(flash) {
      value = flash;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The current verdict of `store`; the component re-renders when it changes. */
export function useFlash(store: FlashStore): Flash | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
