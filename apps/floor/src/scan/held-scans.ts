import { useEffect, useMemo, useRef, useState } from 'react';

/** The held scans of a screen ({@link useHeldScans}). */
export interface HeldScans {
  /** Keeps `raw` (the scan as read) until the screen can judge it. */
  hold(raw: string): void;
  /** Forgets every held scan; returns how many there were (for the message that says so). */
  drop(): number;
  /** Asks for a render, so the held scans are looked at again after a change the render does not show (a ref). */
  wake(): void;
  /** Scans held now. */
  readonly size: number;
}

/**
 * Scans that arrive while a floor screen cannot judge them yet (a product still being looked up or read, a move still
 * being sent): a wedge scanner does not wait, and the next scan belongs to what the pending work will show. They are
 * kept in arrival order and handed to `handle` one per render once `ready()` is true, each on the state the one
 * before it left (a scan that starts new work makes `ready()` false again and the rest wait for that). `handle` and
 * `ready` are those of the render just committed, so `ready` should read that render's state (a ref alone may already
 * have moved on to a state the render does not show yet). Used by the Locations and Order grouping tasks.
 */
export function useHeldScans(handle: (raw: string) => void, ready: () => boolean): HeldScans {
  const held = useRef<string[]>([]);
  const [, setTurn] = useState(0);
  // After every render, with that render's `handle` and `ready`: cheap when nothing is held (one length check).
  useEffect(() => {
    if (held.current.length === 0 || !ready()) return;
    const raw = held.current.shift() as string;
    setTurn((n) => n + 1);
    handle(raw);
  });
  return useMemo(
    () => ({
      hold(raw: string) {
        held.current.push(raw);
      },
      drop() {
        const count = held.current.length;
        held.current = [];
        return count;
      },
      wake() {
        setTurn((n) => n + 1);
      },
      get size() {
        return held.current.length;
      },
    }),
    [],
  );
}
