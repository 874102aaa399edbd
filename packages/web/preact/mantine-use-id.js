/**
 * `@mantine/hooks`' `useId` for React's API on Preact (ADR 0070): `mantine-` and Preact's `useId`, without Mantine's
 * swap to a random id in a layout effect after mount. That swap re-rendered every input, select and combobox once more
 * right after its first render (on the portal's packing station, every order card's fields), and on preact/compat the
 * swapped id did not reach every element: a Select's input kept the first id in `aria-controls` while its listbox took
 * the random one (ADR 0063). Preact's ids count up per render root, so they are unique in an app with one root.
 * Plain JavaScript, reached through the alias in ./config.ts (MANTINE_PREACT_ALIASES).
 * @param {string} [staticId] an id the caller passed; returned as is
 * @returns {string}
 */
import { useId as usePreactId } from 'preact/hooks';

export function useId(staticId) {
  const id = usePreactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${id.replace(/:/g, '')}`;
}
