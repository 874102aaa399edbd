/**
 * Screen state held in the URL's query string (filters, search, page), so a reload, a shared link and the back
 * button keep it. The state is a zod object whose fields all have defaults: values equal to their default are left
 * out of the URL, unknown or invalid ones fall back to the default.
 */
import { useCallback, useContext, useMemo } from 'react';
import { type DataRouter, UNSAFE_DataRouterContext, useSearchParams } from 'react-router';
import type { z } from 'zod';

type Shape = z.ZodObject<z.ZodRawShape>;

/** Reads `params` through `schema` field by field: a value that does not parse takes the field's default. */
export function parseUrlState<S extends Shape>(schema: S, params: URLSearchParams): z.output<S> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const raw = params.get(key);
    const parsed = (field as z.ZodType).safeParse(raw ?? undefined);
    out[key] = parsed.success ? parsed.data : (field as z.ZodType).parse(undefined);
  }
  return out as z.output<S>;
}

/** Writes `state` as query parameters, leaving out values equal to the schema's defaults. */
export function toUrlParams<S extends Shape>(schema: S, state: z.output<S>): URLSearchParams {
  const defaults = parseUrlState(schema, new URLSearchParams());
  const params = new URLSearchParams();
  for (const key of Object.keys(schema.shape)) {
    const value = (state as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    if (String(value) === String((defaults as Record<string, unknown>)[key])) continue;
    params.set(key, String(value));
  }
  return params;
}

/**
 * The query string the router is on its way to: a navigation still loading (the /orders route's loader, ADR 0080)
 * is where the next change must start from, else the router's current location. Read when a change is made, not when
 * the screen last rendered: the router hands its new state to React in a transition, so a render can still show, or
 * show again, the params before the last change (ADR 0114). A navigation to another path leaves the current one.
 */
export function latestSearch(router: Pick<DataRouter, 'state'>): URLSearchParams {
  const { location, navigation } = router.state;
  const next = navigation.location;
  return new URLSearchParams(next && next.pathname === location.pathname ? next.search : location.search);
}

/**
 * `[state, update]` of a screen's URL state. `update(patch, { replace })` merges the patch; by default a change is
 * a new history entry (back undoes it), `replace: true` for changes made while typing.
 *
 * The patch is merged into the query string of the router's latest navigation ({@link latestSearch}), read when
 * `update` is called. Not into the params of the last render: react-router's functional `setSearchParams` hands over
 * those, so two changes before the next render lost the first (a packer's typed period, then at once a toggle); nor
 * into what this hook last wrote as long as the renders' params stayed the same (2c10bd0): the router's update renders
 * in a transition, so React renders the screen with the new params, then, for an urgent update in between (the scan
 * listener's pause when the focus moves, a query's answer), with the old ones again, and that render took the written
 * params back to the old (ADR 0114). Outside a data router (none in the portal) the rendered params are the base.
 */
export function useUrlState<S extends Shape>(schema: S) {
  const [params, setParams] = useSearchParams();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useMemo(() => parseUrlState(schema, params), [schema, params]);
  const update = useCallback(
    (patch: Partial<z.output<S>>, opts: { replace?: boolean } = {}) => {
      const base = router ? latestSearch(router) : params;
      setParams(toUrlParams(schema, { ...parseUrlState(schema, base), ...patch }), opts);
    },
    [schema, setParams, router, params],
  );
  return [state, update] as const;
}
