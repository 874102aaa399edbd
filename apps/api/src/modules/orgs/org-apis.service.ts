import type { EditOrgApisBody, OrgApis } from '@hoppa/core';
import { systemSql } from '../../db/kysely.ts';
import type { RequestContext } from '../../lib/route.ts';
import type { SecretBox } from '../../lib/secrets.ts';

/** One platform's stored keys: plain key, URL and shop language; the secret sealed (lib/secrets.ts). */
interface StoredPlatform {
  key?: string;
  url?: string;
  shop_language?: string;
  secret?: string;
}

/** The stored platform keys as answered: everything but the secret, which is only `has_secret`. */
export function apisAnswer(stored: unknown): OrgApis {
  const out: OrgApis = {};
  for (const [platform, v] of Object.entries((stored ?? {}) as Record<string, StoredPlatform>)) {
    out[platform] = {
      ...(v.key ? { key: v.key } : {}),
      ...(v.url ? { url: v.url } : {}),
      ...(v.shop_language ? { shop_language: v.shop_language } : {}),
      has_secret: Boolean(v.secret),
    };
  }
  return out;
}

/**
 * `PUT /orgs/editapis` (spec 3 §3 Organisation apis: bol, bol_be key and secret; woo and shopify url, key, secret;
 * mirakl url and key; lightspeed url, key, secret, shop_language; §7): merges the given platforms into the current
 * organisation's keys in one locked read-modify-write. A secret left out keeps the stored one, an empty string removes
 * it; new secrets are sealed with the connections' key. Platforms not in the body stay as they are. Answers the keys
 * without secrets.
 */
export async function editOrgApis(
  ctx: Pick<RequestContext, 'db'> & { currOrgId: string },
  box: SecretBox,
  { body }: { body: EditOrgApisBody },
): Promise<OrgApis> {
  return ctx.db.transaction(async (tx) => {
    const row = await systemSql(tx)
      .selectFrom('organisations')
      .select('apis')
      .where('id', '=', ctx.currOrgId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const apis = { ...((row.apis ?? {}) as Record<string, StoredPlatform>) };
    for (const [platform, given] of Object.entries(body) as [string, Record<string, string | undefined>][]) {
      if (!given) continue;
      const next: StoredPlatform = { ...(apis[platform] ?? {}) };
      for (const field of ['key', 'url', 'shop_language'] as const) {
        const v = given[field];
        if (v === undefined) continue;
        if (v === '') delete next[field];
        else next[field] = v;
      }
      if (given.secret !== undefined) {
        if (given.secret === '') delete next.secret;
        else next.secret = box.seal(given.secret);
      }
      if (Object.keys(next).length === 0) delete apis[platform];
      else apis[platform] = next;
    }
    await systemSql(tx)
      .updateTable('organisations')
      .set({ apis: JSON.stringify(apis) })
      .where('id', '=', ctx.currOrgId)
      .execute();
    return apisAnswer(apis);
  });
}
