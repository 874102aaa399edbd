/**
 * Screen state held in the URL's query string (filters, search, page), so a reload, a shared link and the back
 * button keep it. The state is a zod object whose fields all have defaults: values equal to their default are left
 * out of the URL, unknown or invalid ones fall back to the default.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
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
 * `[state, update]` of a screen's URL state. `update(patch, { replace })` merges the patch; by default a change is
 * a new history entry (back undoes it), `replace: true` for changes made while typing.
 *
 * The patch is merged into the params as this hook last wrote them, not as react-router last rendered them: its
 * functional `setSearchParams` hands over the params of the last render, so two changes before the next render (a
 * packer's typed period, then at once a toggle) lost the first.
 */
export function useUrlState<S extends Shape>(schema: S) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseUrlState(schema, params), [schema, params]);
  // A new location (ours arriving, or the back button) resets what was written to what is shown.
  const latest = useRef({ rendered: params, written: params });
  if (latest.current.rendered !== params) latest.current = { rendered: params, written: params };
  const update = useCallback(
    (patch: Partial<z.output<S>>, opts: { replace?: boolean } = {}) => {
      const next = toUrlParams(schema, { ...parseUrlState(schema, latest.current.written), ...patch });
      latest.current.written = next;
      setParams(next, opts);
    },
    [schema, setParams],
  );
  return [state, update] as const;
}
