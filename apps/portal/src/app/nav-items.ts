import { createContext, useContext } from 'react';
import type { AreaNavItem } from './area.ts';

/**
 * Every menu entry of the portal (all areas' `nav`), provided by the main layout, so a screen can ask which of them a
 * role may open — the admin's role preview (issue 16) — without importing the area list (which imports the screens).
 */
export const NavItemsContext = createContext<readonly AreaNavItem[]>([]);

/** The portal's menu entries (see {@link NavItemsContext}). */
export function useNavItems(): readonly AreaNavItem[] {
  return useContext(NavItemsContext);
}
