import type { ConnectionPlatform, ConnectionSettings } from '@hoppa/core';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import type { SecretBox } from '../secrets.ts';

/** A carrier account as the shipping and tracking services use it: the connection's key, opened secret and settings. */
export interface CarrierAccount {
  connectionId: string;
  orgId: string;
  apiName: string;
  /** DHL user id / PostNL customer name (the connection's `api_key`). */
  apiKey: string;
  /** The opened secret (DHL key, PostNL API key). Never logged or answered. */
  secret: string;
  settings: ConnectionSettings;
}

/**
 * The active connection of `platform` (e.g. `dhl`) of the scope's organisation (ADR 0046: POST /dhl/ship and the
 * tracking job ship and track with the organisation's own account), the newest when there are several (the
 * account added last replaces an older one; the same rule for every carrier call: `carrierFor`); null when the
 * organisation has none (the caller answers that the account must be added under /settings/apis). Throws when the
 * secret cannot be opened with this installation's key.
 */
export async function activeCarrierAccount(
  scope: TenantScope,
  box: SecretBox,
  platform: Extract<ConnectionPlatform, 'dhl' | 'postnl'>,
): Promise<CarrierAccount | null> {
  const row = await tenantSql(scope)
    .selectFrom('api_connections as c')
    .select(['c.id', 'c.org_id', 'c.api_name', 'c.api_key', 'c.encrypted_secret', 'c.settings'])
    .where(orgScope(scope, 'c'))
    .where('c.platform', '=', platform)
    .where('c.active', '=', true)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    connectionId: row.id,
    orgId: row.org_id,
    apiName: row.api_name,
    apiKey: row.api_key,
    secret: row.encrypted_secret ? box.open(row.encrypted_secret) : '',
    settings: ((typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) ??
      {}) as ConnectionSettings,
  };
}
