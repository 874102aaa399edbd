/**
 * React's API for the floor's libraries (shared for the portal, ADR 0059), on Preact (docs/decisions/0056-floor-on-preact.md): preact/compat plus the
 * two React 19 exports it lacks and their libraries import: `Activity` (Mantine's Collapse, Transition, Tabs and
 * Stepper keep hidden content mounted with it) and `useOptimistic` (react-router's form helpers, unused here).
 * Plain JavaScript: the build and the tests reach it through the `react` alias (./config.ts); TypeScript keeps
 * checking our code against React's own types.
 */
import { createElement, Fragment } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * `<Activity mode="hidden">` keeps its children mounted but hidden. Preact has no offscreen rendering: the children
 * stay rendered in a `display: contents` wrapper that becomes `display: none` while hidden, so state and DOM survive
 * as with React (effects keep running while hidden, which React would pause).
 * @param {{ mode?: 'visible' | 'hidden', children?: unknown }} props
 */
export function Activity({ mode = 'visible', children }) {
  return createElement(
    'div',
    { style: { display: mode === 'hidden' ? 'none' : 'contents' }, 'data-activity': mode },
    createElement(Fragment, null, children),
  );
}

/**
 * React 19's optimistic state without a transition to wait for: the passed state, and a setter that does nothing.
 * @template S
 * @param {S} state
 * @returns {[S, (action: unknown) => void]}
 */
export function useOptimistic(state) {
  return [state, () => {}];
}
