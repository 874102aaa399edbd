import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Content-Security-Policy of every answer (docs/security.md, issue 7). The built portal and floor load only
 * their own module scripts (no inline script), so scripts stay `'self'`, plus `'wasm-unsafe-eval'` for the
 * camera's WebAssembly barcode reader (ADR 0101). Styles need `'unsafe-inline'`:
 * Mantine writes `<style>` tags for its CSS variables and colour scheme
 * at run time and sets `style` attributes on components; a nonce cannot be threaded into them.
 * `frame-ancestors 'none'` stops other sites from framing the portal (click-jacking). No
 * `upgrade-insecure-requests`: the server may run on plain HTTP on a LAN, where upgrading would break loading.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets the camera's barcode reader (zxing-cpp, our own .wasm file) compile; it allows no eval.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // https: product photos are the merchant's own addresses (a webshop's CDN, the sample's Open Food Facts photos):
  // without it the browser refused every one and the tables only ever showed placeholders. An image cannot run
  // script; the photo elements send no referrer.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // Labels and packing slips open as blob: PDFs in a frame or tab.
  frameSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Registers helmet (CSP, nosniff, Referrer-Policy, frame protection, HSTS …) on every answer, and
 * `Cache-Control: no-store` on every `/api` answer that did not set its own cache policy: orders, labels and
 * packing slips carry customer addresses, which must not stay in a browser or proxy cache.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'no-referrer' },
    // The floor app and portal are same-origin; cross-origin isolation is not needed and would block PDFs.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (/^\/api(\/|$|\?)/.test(req.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * Replaces the secret of a URL by `[REDACTED]`: the token of a password-reset path (`/users/password_reset/<token>`)
 * and of the public inbound calendar (`/inbounds-report/<token>`, the API's and the portal page's; a working link).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/password_reset\/)(?!email(?:[/?#]|$))[^/?#]+/g, '$1[REDACTED]')
    .replace(/(\/inbounds-report\/)[^/?#]+/g, '$1[REDACTED]');
}

/**
 * Logger options that keep secrets out of the log (issue 7): reset tokens in URLs, cookies, authorization
 * headers, Set-Cookie and passwords in bodies. Fastify logs only method/url/host/ip of a request by default;
 * the serializer redacts the URL and the `redact` paths cover anything logged with headers or bodies.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        '*.password',
        '*.newPassword',
        'body.password',
        'req.body.password',
        // API connections (issue 14): the client secret / API key of a connection and its encrypted form.
        '*.secret',
        'body.secret',
        'req.body.secret',
        '*.encrypted_secret',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(req) {
        return {
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        };
      },
    },
  };
}
