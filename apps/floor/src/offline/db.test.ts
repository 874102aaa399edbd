import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { hexId } from '../test/fixtures.ts';
import { createFloorDb } from './db.ts';

describe('floor database versions', () => {
  it('opens a version 1 database of an installed app at version 2 with its picks, outbox and meta kept', async () => {
    const indexedDB = new IDBFactory();
    const v1 = new Dexie('floor-upgrade', { indexedDB, IDBKeyRange });
    v1.version(1).stores({
      picks: 'id, seq, status',
      outbox: '++seq, &id, [status+seq], pickId, status',
      meta: 'key',
    });
    await v1.table('meta').put({ key: 'pickSkip', value: 3 });
    await v1.table('outbox').add({ id: 'k-1', pickId: 'p-1', status: 'pending', kind: 'pick.confirm' });
    v1.close();

    const db = createFloorDb('floor-upgrade', { indexedDB, IDBKeyRange });
    expect(await db.meta.get('pickSkip')).toEqual({ key: 'pickSkip', value: 3 });
    expect((await db.outbox.toArray()).map((r) => r.id)).toEqual(['k-1']);
    expect(db.verno).toBe(2);
    const id = hexId(9);
    await db.products.put({
      id,
      ean: '8712100486517',
      fetchedAt: 1,
      data: {
        product: {
          id,
          org_id: hexId(1),
          name: 'x',
          ean: '8712100486517',
          needs_recount: false,
          stock: 0,
          return_instruction: null,
        },
        locations: [],
      },
    });
    expect((await db.products.where('ean').equals('8712100486517').first())?.id).toBe(id);
    db.close();
  });
});
