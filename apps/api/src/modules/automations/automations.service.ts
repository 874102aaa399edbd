import {
  type Automation,
  type AutomationBody,
  type AutomationImportReasonCode,
  type AutomationImportResult,
  type AutomationImportRow,
  type AutomationList,
  type AutomationRule,
  type AutomationUpdateBody,
  automationConditionProblem,
  automationImportProblem,
  newId,
  parseAutomationImportRow,
  type ReasonValues,
  type StoredAutomationAction,
} from '@hoppa/core';
import { systemSql } from '../../db/kysely.ts';
import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { HttpProblem, notFound } from '../../lib/errors.ts';

interface AutomationRow {
  id: string;
  product_id: string;
  affected_field: string;
  logical_operator: string;
  value: string;
  type: string;
  actions: unknown;
  created_at: Date;
}

const COLUMNS = [
  'a.id',
  'a.product_id',
  'a.affected_field',
  'a.logical_operator',
  'a.value',
  'a.type',
  'a.actions',
  'a.created_at',
] as const;

function toAutomation(r: AutomationRow): Automation {
  return {
    id: r.id,
    _id: r.id,
    product_id: r.product_id,
    affected_field: r.affected_field as Automation['affected_field'],
    logical_operator: r.logical_operator as Automation['logical_operator'],
    value: r.value,
    type: r.type as Automation['type'],
    actions: (r.actions ?? []) as StoredAutomationAction[],
    created_at: r.created_at.toISOString(),
  };
}

/**
 * 400 `validation` with one issue at `path`: the English `message` and, for the apps, the automation import's reason
 * `code` with its `values` (ADR 0119 §3).
 */
const invalid = (
  path: string,
  message: string,
  coded: { code: AutomationImportReasonCode; values: ReasonValues },
) => new HttpProblem(400, 'validation', message, [{ path, message, code: coded.code, values: coded.values }]);

/** The product of a rule, visible to the request (404 otherwise): its id and organisation. */
async function productOf(ctx: TenantScope, productId: string): Promise<{ id: string; org_id: string }> {
  const p = await tenantSql(ctx)
    .selectFrom('products as p')
    .select(['p.id', 'p.org_id'])
    .where(orgScope(ctx, 'p'))
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!p) throw notFound('Product not found');
  return p;
}

/**
 * Checks the actions of a rule against what exists and resolves them (ADR 0049): a change of shipment method needs
 * an active method with that code; a change of packaging a box with that name or id (stored as the box id); an add
 * action a product of the rule's organisation with that EAN (stored with its id and name). Returns the stored actions
 * or throws 400 `validation` naming the action, its issue coded (`unknown_shipment_method`, `unknown_packaging` with
 * the value; `unknown_product` with field `ean` and the EAN).
 */
async function resolveActions(
  ctx: TenantScope,
  orgId: string,
  body: Pick<AutomationBody, 'type' | 'actions'>,
): Promise<StoredAutomationAction[]> {
  const out: StoredAutomationAction[] = [];
  for (const [i, a] of body.actions.entries()) {
    const path = `body.actions.${i}`;
    if ('field' in a) {
      if (a.field === 'selected_ship_option') {
        const m = await systemSql(ctx.db)
          .selectFrom('shipment_methods')
          .select('code')
          .where('code', '=', a.value)
          .where('active', '=', true)
          .executeTakeFirst();
        if (!m)
          throw invalid(`${path}.value`, `Unknown shipment method ${a.value}`, {
            code: 'unknown_shipment_method',
            values: { value: a.value },
          });
        out.push({ field: a.field, value: m.code });
      } else {
        const box = await systemSql(ctx.db)
          .selectFrom('shipment_boxes')
          .select(['id', 'name'])
          .where((eb) => eb.or([eb('name', '=', a.value), eb('id', '=', a.value)]))
          .executeTakeFirst();
        if (!box)
          throw invalid(`${path}.value`, `Unknown packaging ${a.value}`, {
            code: 'unknown_packaging',
            values: { value: a.value },
          });
        out.push({ field: a.field, value: box.id });
      }
    } else {
      const scope = { db: ctx.db, orgIds: [orgId] };
      const p = await tenantSql(scope)
        .selectFrom('products as p')
        .select(['p.id', 'p.ean', 'p.name'])
        .where(orgScope(scope, 'p'))
        .where('p.ean', '=', a.ean)
        .executeTakeFirst();
      if (!p)
        throw invalid(`${path}.ean`, `No product with EAN ${a.ean}`, {
          code: 'unknown_product',
          values: { field: 'ean', ean: a.ean },
        });
      out.push({ ean: p.ean, quantity: a.quantity, product_id: p.id, name: p.name });
    }
  }
  return out;
}

/**
 * The condition check of POST/PUT: text fields compare with == or != only, a quantity with a number; a refusal is a
 * 400 whose issue carries core `automationConditionProblem`'s code and values.
 */
function checkCondition(body: Pick<AutomationBody, 'affected_field' | 'logical_operator' | 'value'>): void {
  const why = automationConditionProblem(body.affected_field, body.logical_operator, body.value);
  if (why)
    throw invalid(
      body.affected_field === 'quantity' ? 'body.value' : 'body.logical_operator',
      why.reason,
      why,
    );
}

/**
 * The automation rules of a product (spec 3 §7 `GET /automations/{product_id}`), oldest first, paged. Errors: 404
 * when the product is not visible to the request.
 */
export async function listAutomations(
  ctx: TenantScope,
  productId: string,
  page: { skip: number; limit: number },
): Promise<AutomationList> {
  await productOf(ctx, productId);
  const q = tenantSql(ctx)
    .selectFrom('automations as a')
    .where(orgScope(ctx, 'a'))
    .where('a.product_id', '=', productId);
  const [rows, count] = await Promise.all([
    q.select(COLUMNS).orderBy('a.created_at').orderBy('a.id').offset(page.skip).limit(page.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toAutomation), total: Number(count.n), skip: page.skip, limit: page.limit };
}

/**
 * Adds a rule to a product (spec 3 §7 `POST /automation/`; §2 Automation rules panel) in the product's organisation.
 * Errors: 404 product not visible; 400 `validation` for a condition that cannot hold or an unknown method, box or EAN.
 */
export async function createAutomation(
  ctx: TenantScope,
  userId: string,
  body: AutomationBody,
): Promise<Automation> {
  checkCondition(body);
  const product = await productOf(ctx, body.product_id);
  const actions = await resolveActions(ctx, product.org_id, body);
  const id = newId();
  const row = await tenantSql(ctx)
    .insertInto('automations')
    .values({
      id,
      org_id: product.org_id,
      product_id: product.id,
      affected_field: body.affected_field,
      logical_operator: body.logical_operator,
      value: body.value,
      type: body.type,
      actions: JSON.stringify(actions),
      created_by: userId,
    })
    .returning([
      'id',
      'product_id',
      'affected_field',
      'logical_operator',
      'value',
      'type',
      'actions',
      'created_at',
    ])
    .executeTakeFirstOrThrow();
  return toAutomation(row);
}

/**
 * Changes a rule (spec 3 §7 `PUT /automation/`): condition, type and actions; the product may change to another of
 * the same organisation. Errors: 404 rule or product not visible; 400 as {@link createAutomation}.
 */
export async function updateAutomation(ctx: TenantScope, body: AutomationUpdateBody): Promise<Automation> {
  checkCondition(body);
  const existing = await tenantSql(ctx)
    .selectFrom('automations as a')
    .select(['a.id', 'a.org_id'])
    .where(orgScope(ctx, 'a'))
    .where('a.id', '=', body._id)
    .executeTakeFirst();
  if (!existing) throw notFound('Automation rule not found');
  const product = await productOf({ db: ctx.db, orgIds: [existing.org_id] }, body.product_id);
  const actions = await resolveActions(ctx, existing.org_id, body);
  const row = await tenantSql(ctx)
    .updateTable('automations as a')
    .set({
      product_id: product.id,
      affected_field: body.affected_field,
      logical_operator: body.logical_operator,
      value: body.value,
      type: body.type,
      actions: JSON.stringify(actions),
      updated_at: new Date(),
    })
    .where(orgScope(ctx, 'a'))
    .where('a.id', '=', body._id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toAutomation(row);
}

/** Deletes a rule (spec 3 §7 `DELETE /automation/{id}`); orders it changed keep their record. 404 when not visible. */
export async function deleteAutomation(ctx: TenantScope, id: string): Promise<{ ok: true }> {
  const res = await tenantSql(ctx)
    .deleteFrom('automations as a')
    .where(orgScope(ctx, 'a'))
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound('Automation rule not found');
  return { ok: true };
}

/**
 * The active rules of the given products (one organisation), oldest first, as core's evaluation takes them
 * (`evaluateAutomations`): used when orders arrive (ADR 0049).
 */
export async function rulesOfProducts(
  ctx: TenantScope,
  productIds: readonly string[],
): Promise<AutomationRule[]> {
  if (productIds.length === 0) return [];
  const rows = await tenantSql(ctx)
    .selectFrom('automations as a')
    .select(COLUMNS)
    .where(orgScope(ctx, 'a'))
    .where('a.product_id', 'in', [...productIds])
    .where('a.active', '=', true)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => {
    const a = toAutomation(r);
    return {
      ...a,
      actions: a.actions.map((x) =>
        'field' in x ? x : { product_id: x.product_id, ean: x.ean, quantity: x.quantity },
      ),
    };
  });
}

/** A key that is the same for two rules with the same content, to skip re-imported rules. */
function ruleKey(r: {
  product_id: string;
  affected_field: string;
  logical_operator: string;
  value: string;
  type: string;
  actions: unknown;
}): string {
  const actions = (r.actions as StoredAutomationAction[]).map((a) =>
    'field' in a ? `${a.field}=${a.value}` : `+${a.product_id}x${a.quantity}`,
  );
  return [r.product_id, r.affected_field, r.logical_operator, r.value, r.type, ...actions].join('|');
}

/**
 * Imports automation rules for the current organisation (spec 3 §7 `POST /products/import-automations`; §3 fields; §5
 * row rules, checked by core's `parseAutomationImportRow`): the rule's product and an added product must be products
 * of the organisation (by EAN), a shipment method an active method code, packaging a box name or id. Every accepted
 * row is written in one transaction; a row equal to a rule the product already has (or to an earlier row) counts as
 * `unchanged`. Row numbers are 1-based data rows. Returns `{ automations: { success, unchanged, errors } }`.
 */
export async function importAutomations(
  ctx: { db: TenantScope['db']; orgId: string; userId: string },
  rows: AutomationImportRow[],
): Promise<AutomationImportResult> {
  const scope = { db: ctx.db, orgIds: [ctx.orgId] };
  const errors: AutomationImportResult['automations']['errors'] = [];
  const parsed = rows.map((row, i) => ({ row: i + 1, r: parseAutomationImportRow(row) }));
  const eans = new Set<string>();
  for (const { r } of parsed) {
    if (!r.ok) continue;
    eans.add(r.value.productEan);
    if ('ean' in r.value.action) eans.add(r.value.action.ean);
  }
  const products = eans.size
    ? await tenantSql(scope)
        .selectFrom('products as p')
        .select(['p.id', 'p.ean', 'p.name'])
        .where(orgScope(scope, 'p'))
        .where('p.ean', 'in', [...eans])
        .execute()
    : [];
  const productByEan = new Map(products.map((p) => [p.ean, p]));
  const [methods, boxes] = await Promise.all([
    systemSql(ctx.db).selectFrom('shipment_methods').select('code').where('active', '=', true).execute(),
    systemSql(ctx.db).selectFrom('shipment_boxes').select(['id', 'name']).execute(),
  ]);
  const methodCodes = new Set(methods.map((m) => m.code));
  const boxOf = new Map<string, string>();
  for (const b of boxes) {
    boxOf.set(b.id, b.id);
    boxOf.set(b.name, b.id);
  }

  const accepted: { row: number; product_id: string; rule: Omit<AutomationRow, 'id' | 'created_at'> }[] = [];
  for (const { row, r } of parsed) {
    if (!r.ok) {
      errors.push({ row, ean: r.ean, code: r.code, values: r.values, reason: r.reason });
      continue;
    }
    const v = r.value;
    const product = productByEan.get(v.productEan);
    if (!product) {
      errors.push({
        row,
        ean: v.productEan,
        ...automationImportProblem('unknown_product', { field: 'product_ean', ean: v.productEan }),
      });
      continue;
    }
    let action: StoredAutomationAction;
    if ('ean' in v.action) {
      const add = productByEan.get(v.action.ean);
      if (!add) {
        errors.push({
          row,
          ean: v.productEan,
          ...automationImportProblem('unknown_product', {
            field: 'automation_action_value',
            ean: v.action.ean,
          }),
        });
        continue;
      }
      action = { ean: add.ean, quantity: v.action.quantity, product_id: add.id, name: add.name };
    } else if (v.action.field === 'selected_ship_option') {
      if (!methodCodes.has(v.action.value)) {
        errors.push({
          row,
          ean: v.productEan,
          ...automationImportProblem('unknown_shipment_method', { value: v.action.value }),
        });
        continue;
      }
      action = v.action;
    } else {
      const boxId = boxOf.get(v.action.value);
      if (!boxId) {
        errors.push({
          row,
          ean: v.productEan,
          ...automationImportProblem('unknown_packaging', { value: v.action.value }),
        });
        continue;
      }
      action = { field: v.action.field, value: boxId };
    }
    accepted.push({
      row,
      product_id: product.id,
      rule: {
        product_id: product.id,
        affected_field: v.affected_field,
        logical_operator: v.logical_operator,
        value: v.value,
        type: v.type,
        actions: [action],
      },
    });
  }

  let success = 0;
  let unchanged = 0;
  if (accepted.length) {
    // Counted inside, taken once the transaction holds: after a deadlock it runs again (db/client.ts).
    ({ success, unchanged } = await ctx.db.transaction(async (tx) => {
      const txScope = { db: tx, orgIds: [ctx.orgId] };
      const counts = { success: 0, unchanged: 0 };
      const existing = await tenantSql(txScope)
        .selectFrom('automations as a')
        .select(['a.product_id', 'a.affected_field', 'a.logical_operator', 'a.value', 'a.type', 'a.actions'])
        .where(orgScope(txScope, 'a'))
        .where('a.product_id', 'in', [...new Set(accepted.map((a) => a.product_id))])
        .execute();
      const known = new Set(existing.map(ruleKey));
      const fresh = [];
      for (const a of accepted) {
        const key = ruleKey(a.rule);
        counts.success++;
        if (known.has(key)) {
          counts.unchanged++;
          continue;
        }
        known.add(key);
        fresh.push(a);
      }
      if (fresh.length === 0) return counts;
      const now = Date.now();
      await tenantSql(txScope)
        .insertInto('automations')
        .values(
          fresh.map((a, i) => ({
            id: newId(),
            org_id: ctx.orgId,
            product_id: a.product_id,
            affected_field: a.rule.affected_field,
            logical_operator: a.rule.logical_operator,
            value: a.rule.value,
            type: a.rule.type,
            actions: JSON.stringify(a.rule.actions),
            created_by: ctx.userId,
            // File order is the order the rules apply in.
            created_at: new Date(now + i),
          })),
        )
        .execute();
      return counts;
    }));
  }
  errors.sort((a, b) => a.row - b.row);
  return { automations: { success, unchanged, errors } };
}
