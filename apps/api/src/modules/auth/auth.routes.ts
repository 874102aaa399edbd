import {
  currentUserEndpoint,
  loginEndpoint,
  logoutEndpoint,
  passwordResetCheckEndpoint,
  passwordResetEmailEndpoint,
  passwordResetEndpoint,
  SIGNUP_MAIL_MESSAGE,
  signupConfirmEndpoint,
  signupEndpoint,
  updateProfileEndpoint,
} from '@hoppa/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { destroySession, SESSION_COOKIE } from '../../lib/auth.ts';
import { publicRoute, route } from '../../lib/route.ts';
import { type AuthContext, settleBackgroundWork } from './auth.deps.ts';
import { currentUserView, DEVICE_COOKIE, LoginThrottled, login, updateProfile } from './auth.service.ts';
import {
  checkResetToken,
  RESET_MAIL_MESSAGE,
  requestPasswordReset,
  resetPassword,
} from './password-reset.service.ts';
import { confirmSignup, requestSignup } from './signup.service.ts';

/**
 * Cookies are `Secure` when COOKIE_SECURE is set or the request came over HTTPS; behind a reverse proxy
 * `req.protocol` follows X-Forwarded-Proto only with TRUST_PROXY=true (docs/operations.md).
 */
const secureFor = (req: FastifyRequest, config: Config) => config.cookieSecure || req.protocol === 'https';

function setSessionCookie(req: FastifyRequest, reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureFor(req, config),
    maxAge: Math.floor(config.sessionTtlMs / 1000),
  });
}

/** Login, sign-up and its confirmation, logout, current user and password reset (spec 2 §2, §5, §7 Auth and user). */
export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  const { config, mail } = app.hoppa;
  const onError = (e: unknown) => app.log.error({ err: e }, 'auth mail after answer failed');
  // Mails queued after an answer are sent before the server closes (graceful shutdown, tests).
  app.addHook('onClose', settleBackgroundWork);
  const authCtx = (db: AuthContext['db']): AuthContext => ({ db, config, mail, onError });

  publicRoute(app, loginEndpoint, async ({ body }, ctx, req, reply) => {
    let result: Awaited<ReturnType<typeof login>>;
    try {
      result = await login(authCtx(ctx.db), {
        body,
        client: { ip: req.ip, deviceToken: req.cookies[DEVICE_COOKIE] },
      });
    } catch (e) {
      if (e instanceof LoginThrottled) reply.header('retry-after', String(e.retryAfterS));
      throw e;
    }
    const { token, user, deviceToken } = result;
    setSessionCookie(req, reply, config, token);
    reply.setCookie(DEVICE_COOKIE, deviceToken, {
      path: '/api/login',
      httpOnly: true,
      sameSite: 'strict',
      secure: secureFor(req, config),
      maxAge: 365 * 24 * 3600,
    });
    return currentUserView(ctx, user);
  });

  publicRoute(app, signupEndpoint, async ({ body }, ctx, req) => {
    await requestSignup(authCtx(ctx.db), { body, client: { ip: req.ip } });
    return { ok: true as const, message: SIGNUP_MAIL_MESSAGE };
  });

  publicRoute(app, signupConfirmEndpoint, async ({ params }, ctx, req, reply) => {
    const { token, user } = await confirmSignup(authCtx(ctx.db), { params, client: { ip: req.ip } });
    setSessionCookie(req, reply, config, token);
    return currentUserView(ctx, user);
  });

  publicRoute(app, logoutEndpoint, async (_input, ctx, req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await destroySession(ctx.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  // The answer is kept with the cached session (lib/session-cache.ts): whatever changes it also drops the session.
  route(app, currentUserEndpoint, async (_input, ctx, req) => {
    const session = req.hoppaSession;
    if (!session) return currentUserView(ctx, ctx.user);
    session.view ??= await currentUserView(ctx, ctx.user);
    return session.view;
  });

  route(app, updateProfileEndpoint, async ({ body }, ctx) => updateProfile(ctx, body));

  publicRoute(app, passwordResetEmailEndpoint, async ({ body }, ctx, req) => {
    await requestPasswordReset(authCtx(ctx.db), { body, client: { ip: req.ip } });
    return { ok: true as const, message: RESET_MAIL_MESSAGE };
  });

  publicRoute(app, passwordResetCheckEndpoint, async ({ params }, ctx, req) => {
    await checkResetToken(ctx, { params, client: { ip: req.ip } });
    return { ok: true as const, message: 'This link can set a password.' };
  });

  publicRoute(app, passwordResetEndpoint, async ({ params, body }, ctx, req) => {
    await resetPassword(ctx, { params, body, client: { ip: req.ip } });
    return { ok: true as const, message: 'Your password has been changed. You can log in now.' };
  });
}
