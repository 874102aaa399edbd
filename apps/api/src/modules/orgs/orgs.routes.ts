import {
  activateOrgEndpoint,
  createOrgEndpoint,
  currentOrgAuthEndpoint,
  currentOrgEndpoint,
  deactivateOrgEndpoint,
  editOrgApisEndpoint,
  listDeactivatedOrgsEndpoint,
  listOrgsEndpoint,
  orgLogoEndpoint,
  orgVatDocEndpoint,
  setCurrOrgEndpoint,
  updateOrgEndpoint,
  vatLookupEndpoint,
} from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { viesLookup } from '../../lib/outside/vies.ts';
import { AUTH_LIMITS, assertUnderLimits, hit } from '../../lib/rate-limit.ts';
import { type RequestContext, route } from '../../lib/route.ts';
import { loadSecretsKey, secretBox } from '../../lib/secrets.ts';
import { inviteUser } from '../users/index.ts';
import { activateOrg, deactivateOrg } from './org-activation.service.ts';
import { editOrgApis } from './org-apis.service.ts';
import { readOrgFile } from './org-files.ts';
import {
  createOrgFromWizard,
  currentOrgDetail,
  markContactInvited,
  orgFile,
  pendingContactInvites,
  updateOrgFromWizard,
} from './org-wizard.service.ts';
import { currentOrgAuth, listVisibleOrgs, setCurrentOrg } from './orgs.service.ts';
import { lookUpVat } from './vat-lookup.service.ts';

/**
 * Current organisation, the shops lists, switching, the organisation wizard (create and edit), activation, platform
 * keys, the stored logo and VAT exemption PDF and the EU VAT lookup (spec 2 §7, spec 3 §7 Organisations; ADR 0051).
 */
export async function registerOrgRoutes(app: FastifyInstance): Promise<void> {
  const { config, mail } = app.hoppa;
  const deps = { dataDir: config.dataDir };
  const vies = viesLookup(config.viesApiUrl, config.carrierRetry ?? {});
  route(app, currentOrgAuthEndpoint, async (_input, ctx) => currentOrgAuth(ctx));
  route(app, currentOrgEndpoint, async (_input, ctx) => currentOrgDetail(ctx));
  route(app, listOrgsEndpoint, async (input, ctx, _req, reply) => {
    const page = await listVisibleOrgs(ctx, input);
    reply.header('x-total-count', String(page.total));
    return page.items;
  });
  route(app, listDeactivatedOrgsEndpoint, async (input, ctx, _req, reply) => {
    const page = await listVisibleOrgs(ctx, input, false);
    reply.header('x-total-count', String(page.total));
    return page.items;
  });
  route(app, setCurrOrgEndpoint, async (input, ctx) =>
    currentOrgAuth({ ...ctx, user: await setCurrentOrg(ctx, input) }),
  );
  route(app, createOrgEndpoint, async ({ body }, ctx, req) => {
    // Shop creation is open to every signed-up user: limited per address and per user (issue 7).
    const keys = [
      { key: `org-create:ip:${req.ip}`, limit: AUTH_LIMITS.orgCreatePerAddress },
      { key: `org-create:user:${ctx.user.id}`, limit: AUTH_LIMITS.orgCreatePerUser },
    ];
    await assertUnderLimits(ctx.db, keys);
    for (const k of keys) await hit(ctx.db, k.key);
    const org = await createOrgFromWizard(ctx, deps, { body });
    await inviteRequestedContacts(ctx, org.id);
    return org;
  });
  route(app, updateOrgEndpoint, async (input, ctx) => {
    const org = await updateOrgFromWizard(ctx, deps, input);
    await inviteRequestedContacts(ctx, ctx.currOrgId);
    return org;
  });
  route(app, deactivateOrgEndpoint, async ({ params }, ctx) => deactivateOrg(ctx, params.id));
  route(app, activateOrgEndpoint, async ({ params }, ctx) => activateOrg(ctx, params.id));
  const box = secretBox(loadSecretsKey(config.secretsKey, config.dataDir));
  route(app, editOrgApisEndpoint, async (input, ctx) => editOrgApis(ctx, box, input));
  route(app, orgLogoEndpoint, async ({ params }, ctx, _req, reply) => {
    const f = await orgFile(ctx, 'logo', params.id);
    // A sanitised SVG is still served with a sandboxing policy: it can never run script in our origin.
    reply
      .type(f.mime)
      .header('cache-control', 'private, max-age=300')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return readOrgFile(config.dataDir, params.id, f.file);
  });
  route(app, orgVatDocEndpoint, async ({ params }, ctx, _req, reply) => {
    const f = await orgFile(ctx, 'vat_doc', params.id);
    reply
      .type('application/pdf')
      .header(
        'content-disposition',
        `inline; filename="${(f.name ?? 'vat-exemption.pdf').replace(/[^\w.-]/g, '_')}"`,
      );
    return readOrgFile(config.dataDir, params.id, f.file);
  });
  route(app, vatLookupEndpoint, async (input, _ctx, req) => lookUpVat(vies, req.log, input));

  /**
   * Invites the wizard's contacts marked 'invite as user' (spec 3 §3 Organisation wizard model, invite_user; ADR 0051,
   * ADR 0050) into shop `orgId` through the users module, each once: a contact invited (or already a user of the
   * shop) is recorded as sent, so saving the shop again sends nothing more. A shop in the wizard has no subscription
   * yet, so the licence is given without the free-licence check. A refused address stays requested, the shop saved.
   */
  async function inviteRequestedContacts(ctx: RequestContext, orgId: string): Promise<void> {
    const invitedBy = { id: ctx.user.id, first_name: ctx.user.firstName, family_name: ctx.user.familyName };
    for (const c of await pendingContactInvites(ctx.db, orgId)) {
      const [first, ...rest] = c.name.trim().split(/\s+/);
      const r = await inviteUser(
        { db: ctx.db, config, mail },
        {
          orgId,
          invitedBy,
          first_name: first || c.email,
          family_name: rest.join(' '),
          email: c.email,
          group: c.role,
          checkFreeLicence: false,
        },
      );
      if (r.errors.length === 0) await markContactInvited(ctx.db, orgId, c.email);
      else app.log.warn({ orgId, reason: r.errors[0]?.reason }, 'A wizard contact could not be invited');
    }
  }
}
