import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { hexId } from '../test/fixtures.ts';
import { createFloorDb, forgetTypedWhere, keepTyped, typedDrafts, typedDraftWriter } from './db.ts';

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

describe('typed values kept on the device (ADR 0135, 0136)', () => {
  const open = (name: string) => createFloorDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });

  it('tells a value written as kept, but not one whose write was cancelled on its way (the value is being saved)', async () => {
    const db = open('typed-kept');
    let kept = 0;
    const writer = typedDraftWriter(db, 'inbound:a:notes', undefined, () => kept++);
    writer.change('Doos nat');
    await writer.flush();
    expect(kept).toBe(1);
    writer.change('Doos 3 nat');
    const onItsWay = writer.flush();
    writer.cancel();
    await onItsWay;
    expect(kept).toBe(1);
  });

  it('forgets the keys picked in one write, leaving the others', async () => {
    const db = open('typed-forget');
    await keepTyped(db, 'a', '1');
    await keepTyped(db, 'b', '2');
    expect(await forgetTypedWhere(db, (keys) => keys.filter((k) => k === 'a'))).toEqual(['a']);
    expect(await typedDrafts(db)).toEqual({ b: '2' });
    expect(await forgetTypedWhere(db, () => ['zz'])).toEqual([]);
  });
});
