import {
  can,
  newId,
  type Org,
  type OrgDetail,
  type OrgProfile,
  type OrgWizardBody,
  RETURN_REQUIRED_FIELDS,
} from '@hoppa/core';
import { systemSql } from '../../db/kysely.ts';
import { notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/route.ts';
import { activePlans } from '../users/index.ts';
import { apisAnswer } from './org-apis.service.ts';
import { type CheckedLogo, checkLogo, checkVatDoc, removeOrgFile, storeOrgFile } from './org-files.ts';
import { canSee, getCurrentOrg, orgById } from './orgs.service.ts';

/** What the wizard services need: the request's database, user and organisations, and where uploads live. */
type WizardContext = Pick<RequestContext, 'db' | 'user' | 'orgIds'>;
/** Where uploaded logos and PDFs are stored (`DATA_DIR`). */
export interface WizardDeps {
  dataDir: string;
}

/** A contact as stored in `organisations.contacts` (spec 3 §3 contacts, with the invitation's state). */
interface StoredContact {
  name: string;
  email: string;
  contact_number: string;
  role: string;
  invite_user: boolean;
  /** `requested` until the users module's `inviteUser` has sent the invitation (then `sent`); `none` without one. */
  invite_status: 'none' | 'requested' | 'sent';
}

const RETURN_KEYS = [
  ...RETURN_REQUIRED_FIELDS,
  'require_original_packaging',
  'return_window_days',
  'return_conditions',
  'return_support_phone',
] as const;

/**
 * The stored form of a wizard body (spec 3 §3/§4): answers of hidden questions are dropped (the returns answers
 * without a returns policy, the custom days unless the window is custom, the billing e-mail and address unless asked
 * for), so what is stored is what the user saw. Contacts keep an invitation already sent for the same e-mail.
 */
function storedForm(body: OrgWizardBody, previous: StoredContact[]) {
  const answers: Record<string, unknown> = {
    sku_count: body.sku_count,
    annual_orders: body.annual_orders,
    country: body.country,
    preferred_shipping_carrier: body.preferred_shipping_carrier,
    special_packaging: body.special_packaging,
    pallets_in_storage: body.pallets_in_storage,
    storage_duration: body.storage_duration,
    pallet_change_frequency: body.pallet_change_frequency,
    returns_policy: body.returns_policy,
    expected_order_growth: body.expected_order_growth,
    expansion_plans: body.expansion_plans,
    notSameBilling_email: body.notSameBilling_email,
    notSameBilling: body.notSameBilling,
  };
  if (body.returns_policy) {
    for (const k of RETURN_KEYS) answers[k] = body[k];
    if (body.return_window !== 'custom') delete answers.return_window_days;
  }
  if (body.notSameBilling && body.billingAddress) answers.billingAddress = body.billingAddress;
  for (const k of Object.keys(answers)) if (answers[k] === undefined || answers[k] === '') delete answers[k];

  const { billing_email, ...address } = body.address;
  const storedAddress = body.notSameBilling_email && billing_email ? { ...address, billing_email } : address;

  const sentBefore = new Set(
    previous.filter((c) => c.invite_status === 'sent').map((c) => c.email.toLowerCase()),
  );
  const contacts: StoredContact[] = body.contacts.map((c) => ({
    name: c.name,
    email: c.email,
    contact_number: c.contact_number,
    role: c.role,
    invite_user: c.invite_user,
    invite_status: sentBefore.has(c.email.toLowerCase()) ? 'sent' : c.invite_user ? 'requested' : 'none',
  }));
  const first = contacts[0] as StoredContact;
  return {
    columns: {
      name: body.name,
      vat_id: body.vat_id.replace(/[\s.]/g, '').toUpperCase(),
      coc_number: body.coc_number,
      website: body.website || null,
      industry: body.industry,
      contact_person: first.name,
      contact_person_email: first.email,
      phone: first.contact_number,
      address: JSON.stringify(storedAddress),
      profile: JSON.stringify(answers),
      contacts: JSON.stringify(contacts),
    },
  };
}

/** Checks the uploads of a body before anything is written (400 `invalid_upload` / `file_too_large`). */
async function checkedUploads(body: OrgWizardBody) {
  const logo: CheckedLogo | null | undefined = body.company_logo
    ? await checkLogo(body.company_logo)
    : body.company_logo;
  const vatDoc = body.vat_exemption_doc
    ? { bytes: await checkVatDoc(body.vat_exemption_doc), name: body.vat_exemption_doc.file_name }
    : body.vat_exemption_doc;
  return { logo, vatDoc };
}

const EXT = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/svg+xml': 'svg' } as const;

/** Stores the checked uploads of organisation `orgId` and answers the columns to set (undefined: leave as is). */
async function storeUploads(deps: WizardDeps, orgId: string, up: Awaited<ReturnType<typeof checkedUploads>>) {
  const cols: Record<string, unknown> = {};
  if (up.logo === null) Object.assign(cols, { logo_file: null, logo_mime: null });
  else if (up.logo)
    Object.assign(cols, {
      logo_file: await storeOrgFile(deps.dataDir, orgId, EXT[up.logo.mime], up.logo.bytes),
      logo_mime: up.logo.mime,
    });
  if (up.vatDoc === null) Object.assign(cols, { vat_doc_file: null, vat_doc_name: null, vat_doc_size: null });
  else if (up.vatDoc)
    Object.assign(cols, {
      vat_doc_file: await storeOrgFile(deps.dataDir, orgId, 'pdf', up.vatDoc.bytes),
      vat_doc_name: up.vatDoc.name,
      vat_doc_size: up.vatDoc.bytes.length,
    });
  return cols;
}

/**
 * Creates a merchant organisation from the wizard's answers (spec 3 §2 /orgs/add, §3; `POST /orgs`) and makes it the
 * caller's current organisation. A merchant (a role without all_orgs) becomes its merchant owner; provider staff
 * keep their role and need no membership. Uploads are checked before anything is written. Contacts with
 * `invite_user` are stored with `invite_status: 'requested'` (see {@link pendingContactInvites}). Returns the shop.
 */
export async function createOrgFromWizard(
  ctx: WizardContext,
  deps: WizardDeps,
  { body }: { body: OrgWizardBody },
): Promise<Org> {
  const { user } = ctx;
  const uploads = await checkedUploads(body);
  const id = newId();
  const files = await storeUploads(deps, id, uploads);
  await ctx.db.transaction(async (tx) => {
    const q = systemSql(tx);
    await q
      .insertInto('organisations')
      .values({ id, kind: 'merchant', ...storedForm(body, []).columns, ...files })
      .execute();
    if (user.role.allOrgs) {
      await q.updateTable('users').set({ curr_org_id: id }).where('id', '=', user.id).execute();
      return;
    }
    const owner = await q
      .selectFrom('roles')
      .select('id')
      .where('key', '=', 'merchant_owner')
      .executeTakeFirst();
    if (!owner) throw new Error('role merchant_owner is missing');
    // The creator holds the shop's first managing licence (ADR 0050: a plan is a licence type), so the pricing page
    // counts it and the users page shows it; without a managing plan the membership has no licence.
    const managing = (await activePlans(tx)).find((p) => p.role_key === 'merchant_owner');
    await q
      .insertInto('memberships')
      .values({ user_id: user.id, org_id: id, role_id: owner.id, licence_id: managing?.id ?? null })
      .execute();
    await q
      .updateTable('users')
      .set({ curr_org_id: id, curr_role_id: owner.id })
      .where('id', '=', user.id)
      .execute();
  });
  return (await orgById(ctx, id, id)) as Org;
}

/**
 * Saves the wizard's answers for the current organisation (`PUT /orgs`, /settings/org): the same checks as
 * {@link createOrgFromWizard}; a logo or PDF left out stays, `null` removes it (the replaced file is deleted after the
 * change is committed). Answers the organisation as `GET /current_org` does.
 */
export async function updateOrgFromWizard(
  ctx: WizardContext & { currOrgId: string },
  deps: WizardDeps,
  { body }: { body: OrgWizardBody },
): Promise<OrgDetail> {
  const orgId = ctx.currOrgId;
  const uploads = await checkedUploads(body);
  const before = await systemSql(ctx.db)
    .selectFrom('organisations')
    .select(['contacts', 'logo_file', 'vat_doc_file'])
    .where('id', '=', orgId)
    .executeTakeFirst();
  if (!before) throw notFound('Organisation not found');
  const files = await storeUploads(deps, orgId, uploads);
  await systemSql(ctx.db)
    .updateTable('organisations')
    .set({ ...storedForm(body, before.contacts as unknown as StoredContact[]).columns, ...files })
    .where('id', '=', orgId)
    .execute();
  if ('logo_file' in files) await removeOrgFile(deps.dataDir, orgId, before.logo_file);
  if ('vat_doc_file' in files) await removeOrgFile(deps.dataDir, orgId, before.vat_doc_file);
  return currentOrgDetail(ctx);
}

/** The wizard's answers of a stored organisation row as answered (spec 3 §3). */
function profileOf(row: {
  vat_id: string | null;
  coc_number: string | null;
  website: string | null;
  industry: string | null;
  logo_file: string | null;
  vat_doc_name: string | null;
  vat_doc_size: number | null;
  contacts: unknown;
  profile: unknown;
  address: unknown;
}): OrgProfile {
  const answers = { ...((row.profile ?? {}) as Record<string, unknown>) };
  const billing = answers.billingAddress as Record<string, string> | undefined;
  delete answers.billingAddress;
  return {
    vat_id: row.vat_id,
    coc_number: row.coc_number,
    website: row.website,
    industry: row.industry,
    has_logo: row.logo_file !== null,
    vat_exemption_doc:
      row.vat_doc_name !== null ? { file_name: row.vat_doc_name, size: row.vat_doc_size ?? 0 } : null,
    contacts: (row.contacts ?? []) as StoredContact[],
    answers,
    address: (row.address ?? {}) as Record<string, unknown>,
    notSameBilling_email: answers.notSameBilling_email === true,
    notSameBilling: answers.notSameBilling === true,
    billingAddress: billing ?? null,
  };
}

/**
 * `GET /current_org`: the current organisation with the wizard's answers, and its platform keys (secrets only as
 * `has_secret`) when the caller's role may `PUT /orgs/editapis`; 404 without a current organisation.
 */
export async function currentOrgDetail(ctx: WizardContext): Promise<OrgDetail> {
  const org = await getCurrentOrg(ctx);
  const row = await systemSql(ctx.db)
    .selectFrom('organisations')
    .select([
      'vat_id',
      'coc_number',
      'website',
      'industry',
      'logo_file',
      'vat_doc_name',
      'vat_doc_size',
      'contacts',
      'profile',
      'address',
      'apis',
    ])
    .where('id', '=', org.id)
    .executeTakeFirstOrThrow();
  const mayEditApis = can(ctx.user.role, 'PUT', '/orgs/editapis');
  return { ...org, profile: profileOf(row), apis: mayEditApis ? apisAnswer(row.apis) : null };
}

/** A stored file of a visible organisation (logo or VAT exemption PDF) with its type; 404 when there is none. */
export async function orgFile(
  ctx: WizardContext,
  kind: 'logo' | 'vat_doc',
  orgId: string,
): Promise<{ file: string; mime: string; name: string | null }> {
  if (!(await canSee(ctx, orgId))) throw notFound('Organisation not found');
  const row = await systemSql(ctx.db)
    .selectFrom('organisations')
    .select(['logo_file', 'logo_mime', 'vat_doc_file', 'vat_doc_name'])
    .where('id', '=', orgId)
    .executeTakeFirst();
  const file = kind === 'logo' ? row?.logo_file : row?.vat_doc_file;
  if (!row || !file) throw notFound(kind === 'logo' ? 'No logo' : 'No VAT exemption document');
  return kind === 'logo'
    ? { file, mime: row.logo_mime ?? 'application/octet-stream', name: null }
    : { file, mime: 'application/pdf', name: row.vat_doc_name };
}

/**
 * The contacts of organisation `orgId` whose invitation as a user is requested and not yet sent (spec 3 §3
 * invite_user). The users module's `inviteUser` sends them; {@link markContactInvited} records each one sent.
 */
export async function pendingContactInvites(
  db: RequestContext['db'],
  orgId: string,
): Promise<{ name: string; email: string; role: string }[]> {
  const row = await systemSql(db)
    .selectFrom('organisations')
    .select('contacts')
    .where('id', '=', orgId)
    .executeTakeFirst();
  return ((row?.contacts ?? []) as unknown as StoredContact[])
    .filter((c) => c.invite_status === 'requested')
    .map((c) => ({ name: c.name, email: c.email, role: c.role }));
}

/** Records that the contact with `email` of organisation `orgId` was invited (`invite_status: 'sent'`). */
export async function markContactInvited(
  db: RequestContext['db'],
  orgId: string,
  email: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await systemSql(tx)
      .selectFrom('organisations')
      .select('contacts')
      .where('id', '=', orgId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return;
    const contacts = (row.contacts as unknown as StoredContact[]).map((c) =>
      c.email.toLowerCase() === email.toLowerCase() ? { ...c, invite_status: 'sent' as const } : c,
    );
    await systemSql(tx)
      .updateTable('organisations')
      .set({ contacts: JSON.stringify(contacts) })
      .where('id', '=', orgId)
      .execute();
  });
}
