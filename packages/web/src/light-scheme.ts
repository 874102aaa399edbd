import type { MantineColorSchemeManager } from '@mantine/core';

/**
 * The colour scheme of both apps: always light, kept nowhere (issue 8, ADR 0113). Mantine's default manager reads
 * `localStorage` while the provider first renders, so every cold load made a synchronous storage call before the
 * first paint (on /orders the portal's only one; in the profile of a cold load it took 100–170 ms while the browser
 * process was busy loading the page). Neither app offers a dark scheme, so there is nothing to keep: `get` answers
 * 'light' and the rest does nothing.
 */
export const LIGHT_ONLY_SCHEME: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};
