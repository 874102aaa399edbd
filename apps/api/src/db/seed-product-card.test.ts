import type { ProductCard } from '@hoppa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_USERS } from './seed.ts';
import { seedLiveProductCards } from './seed-product-card.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { products: 6 } });
});
afterAll(async () => {
  await t?.close();
});

describe('demo product card (issue 15)', () => {
  it('fills one product of Bakkerij Bol through the card calls: notes, customs, box, photo and a child', async () => {
    const made = await seedLiveProductCards(t.app, t.db);
    expect(made).not.toBeNull();
    const cookie = await t.login(DEMO_USERS.bolOwner.email, DEMO_USERS.bolOwner.password);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product/${made?.parent}`,
      headers: { cookie },
    });
    const card = res.json() as ProductCard;
    expect(card).toMatchObject({
      pick_note: expect.stringContaining('twee'),
      pack_note: expect.stringContaining('Breekbaar'),
      customs: { hs: '19059030', value: 4.95 },
      weight_kg: 0.45,
      lead_time_days: 5,
      has_image: true,
    });
    expect(card.ship_box_id).not.toBeNull();
    expect(card.image_ids).toHaveLength(1);
    expect(card.children.map((c) => c.id)).toEqual([made?.child]);
    expect(card.surcharge_ids).toHaveLength(1);
    const img = await t.app.inject({
      method: 'GET',
      url: `/api/product/get_image/${made?.parent}`,
      headers: { cookie },
    });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.length).toBeGreaterThan(500);
  });
});
