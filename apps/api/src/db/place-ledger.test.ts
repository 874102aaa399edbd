import { newId } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocation, addProduct } from '../modules/pick/test/fulfilment.fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { Db } from './client.ts';

/**
 * `place_ledger` (migration 0457, ADR 0130) keeps each place's ledger total: it must equal the sum of the place's
 * `stock_mutations` after every kind of ledger write (one row, several in one statement, a moved row, a deleted row, a
 * rolled-back write), and without the ledger's triggers it must fall out of step (so the comparison can fail).
 */

/** place_ledger as sorted "product location org total" strings (places whose total is 0 included). */
async function kept(db: Db): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    `SELECT product_id || ' ' || location_id || ' ' || org_id || ' ' || total AS k FROM place_ledger ORDER BY 1`,
  );
  return r.rows.map((x) => x.k);
}

/** The same from scratch: every ledger row with a location, summed per place. */
async function counted(db: Db): Promise<string[]> {
  const r = await db.query<{ k: string }>(
    `SELECT product_id || ' ' || location_id || ' ' || org_id || ' ' || sum(quantity) AS k
       FROM stock_mutations WHERE location_id IS NOT NULL GROUP BY product_id, location_id, org_id ORDER BY 1`,
  );
  return r.rows.map((x) => x.k);
}

/** Kept and counted agree, places kept at 0 aside (a place whose rows moved away keeps a row of 0). */
async function inStep(db: Db): Promise<boolean> {
  const [k, c] = await Promise.all([kept(db), counted(db)]);
  return (
    JSON.stringify(k.filter((x) => !x.endsWith(' 0'))) === JSON.stringify(c.filter((x) => !x.endsWith(' 0')))
  );
}

describe('place_ledger follows the stock ledger', () => {
  let t: TestApp;
  let bol: string;
  let a: string;
  let b: string;
  let product: string;
  const row = (db: Db, location: string | null, quantity: number, reason = 'correction') =>
    db.query(
      `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason) VALUES ($1, $2, $3, $4, $5, $6)`,
      [newId(), bol, product, location, quantity, reason],
    );

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 2 } });
    bol = t.seed?.orgs.bol as string;
    a = await addLocation(t.db, { name: `PL-A-${newId().slice(-6)}`, sequence: 8001 });
    b = await addLocation(t.db, { name: `PL-B-${newId().slice(-6)}`, sequence: 8002 });
    product = (await addProduct(t.db, bol, { name: 'Ledgerkoek' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('equals the sum of each place’s ledger rows after every kind of write', async () => {
    expect(await inStep(t.db)).toBe(true);
    await row(t.db, a, 12, 'assign');
    await row(t.db, a, -3, 'pick');
    await row(t.db, null, 5);
    expect(await inStep(t.db)).toBe(true);
    // Several rows of two places in one statement.
    await t.db.query(
      `INSERT INTO stock_mutations (id, org_id, product_id, location_id, quantity, reason)
       SELECT lpad(to_hex(k), 24, 'e'), $1, $2, CASE WHEN k % 2 = 0 THEN $3 ELSE $4 END, k, 'correction'
         FROM generate_series(1, 9) k`,
      [bol, product, a, b],
    );
    expect(await inStep(t.db)).toBe(true);
    expect(await kept(t.db)).toContain(`${product} ${a} ${bol} ${12 - 3 + 2 + 4 + 6 + 8}`);
    // A row moved to the other place and changed, and a row deleted.
    await t.db.query(
      `UPDATE stock_mutations SET location_id = $1, quantity = 7 WHERE id = lpad(to_hex(3), 24, 'e')`,
      [a],
    );
    await t.db.query(`DELETE FROM stock_mutations WHERE id = lpad(to_hex(4), 24, 'e')`);
    expect(await inStep(t.db)).toBe(true);
    // A rolled-back write leaves it alone.
    await expect(
      t.db.transaction(async (tx) => {
        await row(tx, b, 100);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await inStep(t.db)).toBe(true);
  });

  it('falls out of step without the ledger’s triggers', async () => {
    for (const trigger of [
      'stock_mutations_storage_insert',
      'stock_mutations_storage_update',
      'stock_mutations_storage_delete',
    ]) {
      const outcome = await t.db
        .transaction(async (tx) => {
          await tx.query(`DROP TRIGGER ${trigger} ON stock_mutations`);
          if (trigger.endsWith('insert')) await row(tx, a, 4);
          if (trigger.endsWith('update'))
            await tx.query(
              `UPDATE stock_mutations SET quantity = quantity + 1 WHERE id = lpad(to_hex(5), 24, 'e')`,
            );
          if (trigger.endsWith('delete'))
            await tx.query(`DELETE FROM stock_mutations WHERE id = lpad(to_hex(6), 24, 'e')`);
          throw new Error(`in step ${await inStep(tx)}`);
        })
        .catch((e: Error) => e.message);
      expect(outcome, trigger).toBe('in step false');
    }
    expect(await inStep(t.db)).toBe(true);
  });
});
