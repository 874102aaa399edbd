import { newId } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocation, addProduct } from '../modules/pick/test/fulfilment.fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { Db } from './client.ts';

/**
 * `reason_ledger` (migration 0460, ADR 0131) keeps each product's ledger per reason (pieces and rows), for the stock
 * analysis's per-reason totals (spec 3 §7 `GET /stock/analysis/{org_id}/{ean}`): it must equal the sum of the product's
 * `stock_mutations` per reason after every kind of ledger write (one row, a row without a location, several in one
 * statement, a changed reason, a moved product, a deleted row, a rolled-back write), and without its triggers it must
 * fall out of step (so the comparison can fail).
 */

/** reason_ledger as sorted "product reason org pieces rows" strings (reasons whose rows are gone left out). */
async function kept(db: Db): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    `SELECT product_id || ' ' || reason || ' ' || org_id || ' ' || total || ' ' || rows AS k
       FROM reason_ledger WHERE rows <> 0 ORDER BY 1`,
  );
  return r.rows.map((x) => x.k);
}

/** The same from scratch: every ledger row, summed and counted per product and reason. */
async function counted(db: Db): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    `SELECT product_id || ' ' || reason || ' ' || org_id || ' ' || sum(quantity) || ' ' || count(*) AS k
       FROM stock_mutations GROUP BY product_id, reason, org_id ORDER BY 1`,
  );
  return r.rows.map((x) => x.k);
}

async function inStep(db: Db): Promise<boolean> {
  const [k, c] = await Promise.all([kept(db), counted(db)]);
  return JSON.stringify(k) === JSON.stringify(c);
}

describe('reason_ledger follows the stock ledger', () => {
  let t: TestApp;
  let bol: string;
  let a: string;
  let b: string;
  let product: string;
  let other: string;
  const row = (db: Db, location: string | null, quantity: number, reason = 'correction', id = newId()) =>
    db.query(
      `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, bol, product, location, quantity, reason],
    );

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 2 } });
    bol = t.seed?.orgs.bol as string;
    a = await addLocation(t.db, { name: `RL-A-${newId().slice(-6)}`, sequence: 8101 });
    b = await addLocation(t.db, { name: `RL-B-${newId().slice(-6)}`, sequence: 8102 });
    product = (await addProduct(t.db, bol, { name: 'Redenkoek' })).id;
    other = (await addProduct(t.db, bol, { name: 'Redenwafel' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('equals the ledger summed per product and reason after every kind of write', async () => {
    expect(await inStep(t.db)).toBe(true);
    await row(t.db, a, 12, 'checkin');
    await row(t.db, a, -3, 'pick');
    await row(t.db, null, 5);
    expect(await inStep(t.db)).toBe(true);
    expect(await kept(t.db)).toContain(`${product} checkin ${bol} 12 1`);
    // Several rows of two places and two reasons in one statement.
    await t.db.query(
      `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason)
       SELECT lpad(to_hex(k), 24, 'd'), $1, $2, CASE WHEN k % 2 = 0 THEN $3 ELSE $4 END, -k,
              CASE WHEN k % 3 = 0 THEN 'transfer' ELSE 'pick' END
         FROM generate_series(1, 9) k`,
      [bol, product, a, b],
    );
    expect(await inStep(t.db)).toBe(true);
    expect(await kept(t.db)).toContain(`${product} pick ${bol} ${-3 - 1 - 2 - 4 - 5 - 7 - 8} 7`);
    // A row's reason and pieces changed, a row moved to another product, and a row deleted.
    await t.db.query(
      `UPDATE stock_mutations SET reason = 'correction', quantity = 7 WHERE id = lpad(to_hex(3), 24, 'd')`,
    );
    await t.db.query(`UPDATE stock_mutations SET product_id = $1 WHERE id = lpad(to_hex(4), 24, 'd')`, [
      other,
    ]);
    await t.db.query(`DELETE FROM stock_mutations WHERE id = lpad(to_hex(5), 24, 'd')`);
    expect(await inStep(t.db)).toBe(true);
    expect(await kept(t.db)).toContain(`${other} pick ${bol} -4 1`);
    // A rolled-back write leaves it alone.
    await expect(
      t.db.transaction(async (tx) => {
        await row(tx, b, 100, 'return');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await inStep(t.db)).toBe(true);
  });

  it('falls out of step without its triggers', async () => {
    for (const trigger of [
      'stock_mutations_reason_insert',
      'stock_mutations_reason_update',
      'stock_mutations_reason_delete',
    ]) {
      const outcome = await t.db
        .transaction(async (tx) => {
          await tx.query(`DROP TRIGGER ${trigger} ON stock_mutations`);
          if (trigger.endsWith('insert')) await row(tx, a, 4);
          if (trigger.endsWith('update'))
            await tx.query(
              `UPDATE stock_mutations SET quantity = quantity + 1 WHERE id = lpad(to_hex(6), 24, 'd')`,
            );
          if (trigger.endsWith('delete'))
            await tx.query(`DELETE FROM stock_mutations WHERE id = lpad(to_hex(7), 24, 'd')`);
          throw new Error(`in step ${await inStep(tx)}`);
        })
        .catch((e: Error) => e.message);
      expect(outcome, trigger).toBe('in step false');
    }
    expect(await inStep(t.db)).toBe(true);
  });
});
