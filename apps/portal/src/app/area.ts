/**
 * How a portal area plugs itself in (docs/architecture.md, "How to add a screen"): each `features/<area>/index.ts`
 * exports one `defineArea({...})` with its lazy routes (and the spec screens each serves), its texts, and its menu
 * entries gated by the endpoint the screen calls; `app/areas.ts` lists the areas, one line each, and the router,
 * the menu, the i18n resources and the spec-coverage manifest are built from that list.
 * Plain data without components, so Node can read it (scripts/spec-coverage.mjs).
 */
import { canCall, type Endpoint } from '@hoppa/core';
import type { QueryClient } from '@tanstack/react-query';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { IconName } from '../components/icons.tsx';
import type { AppPath, RoutePath } from './paths.ts';

/**
 * What a route may ask of the main layout through its `handle`: `fullWidth` lets the page use the whole width next
 * to the menu instead of the 1280 px reading column (the open orders board, whose packers want to see as many orders
 * as their station screen holds).
 */
export interface LayoutHandle {
  fullWidth?: boolean;
}

/**
 * A catalogue call a menu entry needs before its screen exists (spec 2 §6 gives the check): only for the planned
 * targets in app/planned.ts. Built screens name their core endpoint instead.
 */
export interface PlannedCall {
  method: string;
  path: string;
  planned: true;
}

/**
 * A built screen's call named by method and path only, as the floor does (apps/floor/src/app/task.ts): the permission
 * check reads nothing else, so a menu entry given this way keeps the endpoint's schemas out of the first load
 * (ADR 0033). `area-needs.test.ts` fails when a reference names no endpoint of @hoppa/core.
 */
export interface EndpointRef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

/**
 * What a menu entry needs: the endpoint its screen calls (the object, or an {@link EndpointRef} to it), a planned
 * call, or the user's is_admin flag.
 */
export type Needs = Endpoint | EndpointRef | PlannedCall | 'admin';

/**
 * One route of an area. `path` is relative to the portal root (no leading slash), as react-router wants it, and
 * one of app/paths.ts.
 */
export interface AreaRoute {
  path: RoutePath;
  /** The screen module, loaded when the route is first visited: `() => import('./x-page.tsx').then(…)`. */
  lazy: LazyRouteFunction<RouteObject>;
  /** Screen names of `../shared/spec/screens.tsx` this route serves (exact), for docs/spec-coverage.md. */
  screens?: readonly string[];
  /** What the screen still lacks, when it serves a spec screen only in part. */
  note?: string;
  /**
   * `public`: outside the main layout and without a session (login, sign-up, reset). `settings`: inside the main
   * layout and the settings area's side navigation (spec 3 §2 'Settings area with side navigation'; the one line
   * another area adds to place its page there, ADR 0051).
   */
  layout?: 'main' | 'public' | 'settings';
  handle?: LayoutHandle;
  /**
   * Starts the screen's first requests when its route is entered, before the screen's first render rather than after
   * it (ADR 0080): a module loaded with the screen's code, whose function is given the query client and the URL
   * entered. The router calls it from the route's `loader`, which does not wait for it.
   */
  prefetch?: () => Promise<RoutePrefetch>;
  /**
   * Namespaces of other areas whose texts the screen reads, loaded with it (the shared spreadsheet import reads
   * 'products'); named by string so one feature does not import another.
   */
  alsoTexts?: readonly string[];
  /**
   * What the screen needs when no menu entry says it (a page reached by a button: /orders/import, /order/edit/:id,
   * /returns/create/:id): the endpoint its action calls, usually as an {@link EndpointRef} so the area manifest keeps
   * the schemas out of the first load. A role without it gets "Not allowed" for a typed or bookmarked address
   * (app/layout/navigation.rules.ts `mayOpenPath`) instead of a form whose last step answers 403.
   */
  needs?: Needs;
}

/**
 * A screen's prefetch (`AreaRoute.prefetch`): puts what the screen shows first into `queryClient` for the `url`
 * entered; it may wait for the session queries first. Its promise resolves once the requests have started.
 */
export type RoutePrefetch = (ctx: { queryClient: QueryClient; url: URL }) => Promise<void>;

/** The keys of the left navigation (also `layout:nav.<key>` texts). */
export type NavKey =
  | 'home'
  | 'orders'
  | 'shipments'
  | 'products'
  | 'scanner'
  | 'orgs'
  | 'settingsOrg'
  | 'settingsApis'
  | 'settingsInvoices'
  | 'settingsUsers'
  | 'settingsUser'
  | 'settingsSubscription'
  | 'orgsAdd'
  | 'locations'
  | 'transfers'
  | 'inbounds'
  | 'announce'
  | 'inboundCalendar'
  | 'directCheckin'
  | 'admin'
  | 'labels'
  | 'newOrder'
  | 'planning'
  | 'sales';

/** A left-navigation entry of an area (spec 2 §2 Main layout); `order` places it among every area's entries. */
export interface AreaNavItem {
  key: NavKey;
  to: AppPath;
  icon: IconName;
  section: 'work' | 'settings';
  order: number;
  needs?: Needs;
}

/** An area's texts in English and Dutch. */
export interface AreaTexts {
  en: object;
  nl: object;
}

/** A portal area: its routes, its i18n namespace and its menu entries. */
export interface Area {
  id: string;
  routes?: readonly AreaRoute[];
  /**
   * The area's i18n namespace and its English and Dutch texts: `texts` for those the first screen may need (the
   * login), `load` for the rest, loaded with the area's first route
   * (i18n/i18n.ts `loadAreaTexts`), so they stay out of the first load (ADR 0033).
   */
  i18n?: { ns: string; texts: AreaTexts } | { ns: string; load: () => Promise<AreaTexts> };
  nav?: readonly AreaNavItem[];
}

/** Declares an area (identity; keeps the literal types). */
export function defineArea<A extends Area>(area: A): A {
  return area;
}

type Role = Parameters<typeof canCall>[0];

/** Whether a user with `role` (and `isAdmin`) may use what `needs` names; nothing needed is always true. */
export function mayUse(needs: Needs | undefined, role: Role, isAdmin: boolean): boolean {
  if (!needs) return true;
  if (needs === 'admin') return isAdmin;
  return canCall(role, needs);
}
