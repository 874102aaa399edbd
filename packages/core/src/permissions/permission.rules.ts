import type { Role } from './permission.schema.ts';

const patternCache = new Map<string, RegExp>();

function patternToRegExp(pattern: string): RegExp {
  let re = patternCache.get(pattern);
  if (!re) {
    const body = pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    // A trailing slash is optional on both sides: `/orders` and `/orders/` are the same path.
    re = new RegExp(`^${body.replace(/\/$/, '')}/?$`);
    patternCache.set(pattern, re);
  }
  return re;
}

/** Strips the query string and the `/api` prefix, so grants are written as the catalogue lists paths. */
export function normalisePath(path: string): string {
  let p = path.split('?')[0] ?? '/';
  if (p === '/api') p = '/';
  else if (p.startsWith('/api/')) p = p.slice(4);
  if (!p.startsWith('/')) p = `/${p}`;
  return p;
}

/** Whether `pattern` (with `*` wildcards, see {@link GrantSchema}) matches a normalised path. */
export function matchesPattern(pattern: string, path: string): boolean {
  return patternToRegExp(pattern).test(path);
}

/**
 * Decides whether a role may call `method path` (spec 2 §6: the current role lists allowed HTTP
 * methods per path pattern, wildcards allowed, method case-insensitive). `path` may carry the `/api`
 * prefix and a query string; both are ignored. A missing role allows nothing. The apps call it with a
 * catalogue pattern such as `/products/ean/*` to show or hide menu items; the API with the concrete path.
 */
export function can(role: Role | null | undefined, method: string, path: string): boolean {
  if (!role) return false;
  const m = method.toUpperCase();
  const p = normalisePath(path);
  return role.grants.some(
    (g) =>
      g.methods.some((gm) => gm === '*' || gm.toUpperCase() === m) &&
      matchesPattern(g.path, p) &&
      !(g.except ?? []).some((x) => matchesPattern(x, p)),
  );
}

/**
 * Whether a role may call `endpoint` (an object of core's `*.endpoints.ts`): {@link can} with its method and its
 * path, each `:param` standing for any one segment. The apps gate menus, tiles and buttons with the endpoint the
 * screen calls, never a re-typed path.
 */
export function canCall(role: Role | null | undefined, endpoint: { method: string; path: string }): boolean {
  return can(role, endpoint.method, endpoint.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '_'));
}
