/**
 * `use-sync-external-store` (its `shim` and `with-selector` entries) as an ES module on preact/compat, for the libraries
 * that import it: TanStack Table's store (@tanstack/react-store), recharts and react-redux. The package ships CommonJS
 * only; its `require('react')` escapes the `react` alias in the unit tests (Node loads it, not Vite) and reached React's
 * own hooks there (`Cannot read properties of null (reading 'useRef')`, ADR 0063). Aliased for the build too
 * (./config.ts), so the tests run what ships. A port of React's use-sync-external-store-with-selector.production.js
 * (MIT, Meta Platforms), same behaviour.
 */
import { useDebugValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'preact/compat';

export { useSyncExternalStore };

/**
 * `useSyncExternalStore` with a selector: re-renders only when the selected value changes (by `isEqual`, or by
 * identity when omitted); the selection is memoized per snapshot.
 * @template S, T
 * @param {(onChange: () => void) => () => void} subscribe
 * @param {() => S} getSnapshot
 * @param {(() => S) | undefined} getServerSnapshot
 * @param {(snapshot: S) => T} selector
 * @param {((a: T, b: T) => boolean) | undefined} isEqual
 * @returns {T}
 */
export function useSyncExternalStoreWithSelector(
  subscribe,
  getSnapshot,
  getServerSnapshot,
  selector,
  isEqual,
) {
  const instRef = useRef(null);
  if (instRef.current === null) instRef.current = { hasValue: false, value: null };
  const [getSelection, getServerSelection] = useMemo(() => {
    let hasMemo = false;
    let memoizedSnapshot;
    let memoizedSelection;
    const memoizedSelector = (nextSnapshot) => {
      if (!hasMemo) {
        hasMemo = true;
        memoizedSnapshot = nextSnapshot;
        const nextSelection = selector(nextSnapshot);
        const inst = instRef.current;
        if (inst?.hasValue && isEqual?.(inst.value, nextSelection)) {
          memoizedSelection = inst.value;
          return memoizedSelection;
        }
        memoizedSelection = nextSelection;
        return memoizedSelection;
      }
      const currentSelection = memoizedSelection;
      if (Object.is(memoizedSnapshot, nextSnapshot)) return currentSelection;
      const nextSelection = selector(nextSnapshot);
      if (isEqual?.(currentSelection, nextSelection)) {
        memoizedSnapshot = nextSnapshot;
        return currentSelection;
      }
      memoizedSnapshot = nextSnapshot;
      memoizedSelection = nextSelection;
      return memoizedSelection;
    };
    return [
      () => memoizedSelector(getSnapshot()),
      getServerSnapshot === undefined ? undefined : () => memoizedSelector(getServerSnapshot()),
    ];
  }, [getSnapshot, getServerSnapshot, selector, isEqual]);
  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection);
  useEffect(() => {
    instRef.current = { hasValue: true, value };
  }, [value]);
  useDebugValue(value);
  return value;
}
