import { type AddUsersBody, type AddUsersResult, newId, type UserRow } from '@hoppa/core';
import { richTextToPlain, sanitizeRichText } from '@hoppa/core/rich-text';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { systemSql } from '../../db/kysely.ts';
import { hashToken, newToken } from '../../lib/auth.ts';
import type { MailTransport } from '../../lib/mail.ts';
import { activePlans, licenceUsage, type PlanRow } from './licences.ts';

/** How long an invitation link stays valid: 7 days (the reset link's one hour is too short for a new colleague). */
export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;

/** What inviting needs: the database, the configuration (public URL) and the mail transport. */
export interface InviteDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  mail: MailTransport;
}

/** Who invites, into which shop. */
export interface InviteTarget {
  orgId: string;
  /** The inviting user (shown in the mail, kept on the membership); null for system work (the demo seed). */
  invitedBy: { id: string; first_name: string; family_name: string } | null;
}

const Email = z.email();

interface CheckedRow {
  row: number;
  email: string;
  first_name: string;
  family_name: string;
  stakeholders_group: string | null;
  plan: PlanRow;
}

/** The plan a row names: by id or by name (case-insensitive); an empty licence gets the cheapest read-only plan. */
function planOf(plans: PlanRow[], licence: string): PlanRow | undefined {
  const l = licence.trim();
  if (l === '') return plans.find((p) => p.role_key === 'merchant_user') ?? plans[0];
  return plans.find((p) => p.id === l || p.name.toLowerCase() === l.toLowerCase());
}

/**
 * Adds people to a shop (spec 3 §5 add user, users import; §7 `POST /users`). Each row is checked: first and last
 * name and a valid e-mail address (spec 3 §5), the address once per file, a known licence (a plan id or name; empty
 * gives the read-only plan), a free licence of that plan in the shop's subscription (spec 3 §6), and not already a
 * user of the shop. A refused row is reported with its 1-based row number and reason; the accepted ones are written
 * in one transaction: a new address becomes an unconfirmed user (no password; spec 3 §4: no verified tick) with the
 * licence's role in the shop and a single-use link to set a password (the reset token mechanism of ADR 0005, valid
 * {@link INVITE_TTL_MS}), an existing account gets the shop added. Mails go out after the commit: the invitation
 * (with the sanitised personal `message`, if any) or a notice that the shop was added.
 */
export async function addUsersToShop(
  deps: InviteDeps,
  target: InviteTarget,
  input: { rows: UserRow[]; message?: string | undefined; checkFreeLicence?: boolean },
): Promise<AddUsersResult> {
  const q = systemSql(deps.db);
  const plans = await activePlans(deps.db);
  const usage = await licenceUsage(deps.db, target.orgId);
  const errors: AddUsersResult['errors'] = [];
  const candidates: CheckedRow[] = [];
  const seen = new Set<string>();
  for (const [i, r] of input.rows.entries()) {
    const row = i + 1;
    const email = (r.email ?? '').trim().toLowerCase();
    const first = (r.first_name ?? '').trim();
    const family = (r.family_name ?? '').trim();
    const problem = !first
      ? 'first name is missing'
      : !family
        ? 'last name is missing'
        : !email
          ? 'e-mail address is missing'
          : !Email.safeParse(email).success
            ? 'not a valid e-mail address'
            : seen.has(email)
              ? 'this e-mail address is in the file twice'
              : null;
    if (problem) {
      errors.push({ row, email, reason: problem });
      continue;
    }
    seen.add(email);
    const plan = planOf(plans, r.licence ?? '');
    if (!plan) {
      errors.push({ row, email, reason: `unknown licence "${(r.licence ?? '').trim()}"` });
      continue;
    }
    candidates.push({
      row,
      email,
      first_name: first.slice(0, 100),
      family_name: family.slice(0, 100),
      stakeholders_group: r.stakeholders_group?.trim() || null,
      plan,
    });
  }

  const existing = candidates.length
    ? await q
        .selectFrom('users as u')
        .leftJoin('memberships as m', (j) =>
          j.onRef('m.user_id', '=', 'u.id').on('m.org_id', '=', target.orgId),
        )
        .select(['u.id', (eb) => eb.fn('lower', ['u.email']).as('email'), 'm.user_id as member'])
        .where((eb) =>
          eb(
            eb.fn('lower', ['u.email']),
            'in',
            candidates.map((c) => c.email),
          ),
        )
        .execute()
    : [];
  const byEmail = new Map(existing.map((e) => [String(e.email), e]));
  // Licences are handed out in row order, to rows that pass every other check.
  const taken = new Map<string, number>();
  const accepted = candidates.filter((c) => {
    const reject = (reason: string, code: 'already_member' | 'no_free_licence') => {
      errors.push({ row: c.row, email: c.email, reason, code, licence: c.plan.name });
      return false;
    };
    if (byEmail.get(c.email)?.member) return reject('already a user of this shop', 'already_member');
    const u = usage.get(c.plan.id) ?? { used: 0, count: 0 };
    const next = (taken.get(c.plan.id) ?? 0) + 1;
    if (input.checkFreeLicence !== false && u.used + next > u.count) {
      return reject(
        `no free "${c.plan.name}" licence left (${u.used + next - 1} of ${u.count} in use): add licences under Subscription`,
        'no_free_licence',
      );
    }
    taken.set(c.plan.id, next);
    return true;
  });
  errors.sort((a, b) => a.row - b.row);

  const roles = Object.fromEntries(
    (await q.selectFrom('roles').select(['id', 'key']).execute()).map((r) => [r.key, r.id]),
  );
  type Invite = { email: string; first_name: string; token: string | null };
  let invites: Invite[] = [];
  let userIds: string[] = [];
  if (accepted.length) {
    // Collected inside and taken once the transaction holds: after a deadlock it runs again (db/client.ts), and the
    // rolled-back attempt's users and tokens are neither mailed nor answered.
    ({ invites, userIds } = await deps.db.transaction(async (tx) => {
      const t = systemSql(tx);
      const made: { invites: Invite[]; userIds: string[] } = { invites: [], userIds: [] };
      for (const c of accepted) {
        const roleId = roles[c.plan.role_key];
        if (!roleId) throw new Error(`role ${c.plan.role_key} missing`);
        const known = byEmail.get(c.email);
        const id = known?.id ?? newId();
        let token: string | null = null;
        if (!known) {
          await t
            .insertInto('users')
            .values({
              id,
              first_name: c.first_name,
              family_name: c.family_name,
              email: c.email,
              // No password until the invitation link is used; an empty hash never verifies (lib/auth.ts).
              password_hash: '',
              curr_org_id: target.orgId,
              curr_role_id: roleId,
              confirmed: false,
            })
            .execute();
          token = newToken(16);
          await t
            .insertInto('password_resets')
            .values({
              token_hash: hashToken(token),
              user_id: id,
              expires_at: sql<Date>`now() + ${`${INVITE_TTL_MS} milliseconds`}::interval`,
            })
            .execute();
        }
        await t
          .insertInto('memberships')
          .values({
            user_id: id,
            org_id: target.orgId,
            role_id: roleId,
            licence_id: c.plan.id,
            stakeholders_group: c.stakeholders_group,
            invited_by: target.invitedBy?.id ?? null,
          })
          .execute();
        made.userIds.push(id);
        made.invites.push({ email: c.email, first_name: c.first_name, token });
      }
      return made;
    }));
    const shop = await q
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', target.orgId)
      .executeTakeFirst();
    for (const inv of invites)
      await deps.mail.send(inviteMail(deps, target, shop?.name ?? '', inv, input.message));
  }
  return {
    invited: invites.filter((i) => i.token).length,
    added: invites.filter((i) => !i.token).length,
    errors,
    user_ids: userIds,
  };
}

/**
 * The invitation (new account: the link to set a password) or the notice (existing account: the shop was added). The
 * text part is plain ASCII lines of at most 76 characters so the link reads as is from the `.eml` file (ADR 0005);
 * the personal message is sanitised HTML in the HTML part and its plain text in the text part.
 */
function inviteMail(
  deps: InviteDeps,
  target: InviteTarget,
  shop: string,
  inv: { email: string; first_name: string; token: string | null },
  message: string | undefined,
) {
  const who = target.invitedBy ? `${target.invitedBy.first_name} ${target.invitedBy.family_name}` : 'Hoppa';
  const safe = message ? sanitizeRichText(message) : '';
  const note = safe ? ['', richTextToPlain(safe), ''] : [];
  const link = inv.token
    ? `${deps.config.publicUrl}/reset?token=${encodeURIComponent(inv.token)}&invite=1`
    : null;
  const text = link
    ? [
        `Hello ${inv.first_name},`,
        '',
        `${who} invited you to the shop "${shop}" in Hoppa.`,
        ...note,
        'Open this link within 7 days to choose your password:',
        '',
        link,
        '',
        'After that you log in with this e-mail address.',
      ]
    : [
        `Hello ${inv.first_name},`,
        '',
        `${who} added the shop "${shop}" to your Hoppa account.`,
        ...note,
        'Log in as usual; the shop is in your list of shops.',
      ];
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = text
    .filter((l) => !(safe && l === richTextToPlain(safe)))
    .map((l) => (l === link ? `<p><a href="${esc(l)}">${esc(l)}</a></p>` : l ? `<p>${esc(l)}</p>` : ''))
    .join('\n');
  return {
    to: inv.email,
    subject: link ? `You are invited to ${shop} in Hoppa` : `${shop} was added to your Hoppa account`,
    text: text.join('\n'),
    html: safe ? `${html}\n<blockquote>${safe}</blockquote>` : html,
  };
}

/** The shape of POST /users: the rows, and the add form's personal message when it sends one. */
export function rowsOf(body: AddUsersBody): { rows: UserRow[]; message?: string | undefined } {
  return Array.isArray(body) ? { rows: body } : body;
}

/**
 * Invites one person into a shop: the org wizard's contacts step ("invite user", spec 3 §3 Organisation wizard model)
 * calls this after the shop is made. `orgId` is the shop; `licence` a plan id or plan name ('CSR Manager',
 * 'Stakeholders'; empty or absent: the read-only plan); `group` is kept as the user's stakeholders group (e.g. the
 * contact's role General, Finance, Technical or Support). The same checks and mail as `POST /users` (see
 * {@link addUsersToShop}): answers `{ invited, added, errors, user_ids }`, with the reason in `errors[0].reason`
 * when the person was not added (no free licence, already a user of the shop, invalid address). A shop in the wizard
 * has no subscription yet: pass `checkFreeLicence: false` and the licence is given anyway; the pricing page then asks
 * for at least the licences in use (`licences_in_use`, ADR 0050).
 */
export async function inviteUser(
  deps: InviteDeps,
  input: {
    orgId: string;
    invitedBy: InviteTarget['invitedBy'];
    first_name: string;
    family_name: string;
    email: string;
    licence?: string;
    group?: string;
    checkFreeLicence?: boolean;
  },
): Promise<AddUsersResult> {
  return addUsersToShop(
    deps,
    { orgId: input.orgId, invitedBy: input.invitedBy },
    {
      rows: [
        {
          first_name: input.first_name,
          family_name: input.family_name,
          email: input.email,
          licence: input.licence ?? '',
          stakeholders_group: input.group ?? '',
        },
      ],
      checkFreeLicence: input.checkFreeLicence ?? true,
    },
  );
}
