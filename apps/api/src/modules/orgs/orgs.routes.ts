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
import { route } from '../../lib/route.ts';
import { loadSecretsKey, secretBox } from '../../lib/secrets.ts';
import { activateOrg, deactivateOrg } from './org-activation.service.ts';
import { editOrgApis } from './org-apis.service.ts';
import { readOrgFile } from './org-files.ts';
import { createOrgFromWizard, currentOrgDetail, orgFile, updateOrgFromWizard } from './org-wizard.service.ts';
import { currentOrgAuth, listVisibleOrgs, setCurrentOrg } from './orgs.service.ts';
import { lookUpVat } from './vat-lookup.service.ts';

/**
 * Current organisation, the shops lists, switching, the organisation wizard (create and edit), activation, platform
 * keys, the stored logo and VAT exemption PDF and the EU VAT lookup (spec 2 §7, spec 3 §7 Organisations; ADR 0051).
 */
export async function registerOrgRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.hoppa;
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
    // Contacts with invite_user are stored as requested (pendingContactInvites(ctx.db, org.id)); the users module's
    // inviteUser sends them, then markContactInvited records each (ADR 0051). Not wired here yet.
    return createOrgFromWizard(ctx, deps, { body });
  });
  // The same invitation point for PUT /orgs, with ctx.currOrgId (ADR 0051).
  route(app, updateOrgEndpoint, async (input, ctx) => updateOrgFromWizard(ctx, deps, input));
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
}
