import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Files the browser must revalidate on every load, so a new release (and service worker) is picked up. */
const NO_CACHE =
  /(?:^|\/)(?:index\.html|sw\.js|service-worker\.js|registerSW\.js|workbox-[^/]*\.js|manifest\.webmanifest)$/;

/**
 * Serves the built apps when their dist folders exist: the portal at `/` (SPA fallback to index.html) and
 * the floor PWA at `/floor/` (fallback to /floor/index.html). Files come precompressed when the build left
 * `.br`/`.gz` copies and the browser accepts them (`Content-Encoding`, `Vary: Accept-Encoding`); hashed files
 * under `assets/` are cached for a year, the shells and the service worker revalidated on every load. Returns a not-found hook that answers the
 * SPA fallback for browser navigations, or null to let the API's 404 problem answer (always for /api/*).
 */
export async function registerStatic(
  app: FastifyInstance,
  dirs: { portal: string; floor: string },
): Promise<(req: FastifyRequest, reply: FastifyReply) => boolean> {
  const portalOk = existsSync(join(dirs.portal, 'index.html'));
  const floorOk = existsSync(join(dirs.floor, 'index.html'));
  const setHeaders = (reply: FastifyReply, path: string) => {
    const p = path.replace(/\\/g, '/');
    if (NO_CACHE.test(p)) reply.header('Cache-Control', 'no-cache');
    else if (p.includes('/assets/')) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  };
  if (floorOk) {
    await app.register(fastifyStatic, {
      root: dirs.floor,
      prefix: '/floor/',
      decorateReply: !portalOk,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      setHeaders,
    });
  }
  if (portalOk) {
    await app.register(fastifyStatic, {
      root: dirs.portal,
      prefix: '/',
      decorateReply: true,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      setHeaders,
    });
  }
  return (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = req.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) return false;
    // Requests for files (with an extension) stay 404; only app routes fall back to the SPA shell.
    if (/\.[a-z0-9]+$/i.test(path)) return false;
    if (floorOk && (path === '/floor' || path.startsWith('/floor/'))) {
      reply.header('Cache-Control', 'no-cache');
      void reply.sendFile('index.html', dirs.floor);
      return true;
    }
    if (portalOk && !path.startsWith('/floor')) {
      reply.header('Cache-Control', 'no-cache');
      void reply.sendFile('index.html', dirs.portal);
      return true;
    }
    return false;
  };
}
