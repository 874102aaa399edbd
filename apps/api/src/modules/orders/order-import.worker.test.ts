import { describe, expect, it } from 'vitest';
import run, { type KeysAnswer, type PlanAnswer } from './order-import.worker.ts';

/**
 * The import worker parses the body once and keeps the rows between its phases (ADR 0068); when they are gone (the
 * thread was replaced, or another import pushed them out) the plan phase says so, and parses a body sent again.
 */
describe('order import worker: one parse, rows kept between the phases', () => {
  const row = (orderId: string, ean: string) => ({
    order_id: orderId,
    product_ean: ean,
    quantity: '2',
    firstName: 'Anna de Vries',
    streetName: 'Kerkstraat 12',
    zipcode: '1017 AB',
    city: 'Amsterdam',
  });
  const body = (rows: unknown[]) => new TextEncoder().encode(JSON.stringify(rows));
  const plan = (token: number, extra: { body?: Uint8Array } = {}) =>
    run({ phase: 'plan', token, knownKeys: ['8710000000001'], importedIds: [], ...extra }) as PlanAnswer;

  it('answers the keys, then plans from the kept rows without the body', () => {
    const keys = run({
      phase: 'keys',
      token: 1,
      body: body([row('A-1', '8710000000001'), row('A-1', '8710000000002'), row('B-2', '8710000000001')]),
    }) as KeysAnswer;
    expect(keys).toEqual({ ok: true, eans: ['8710000000001', '8710000000002'], orderIds: ['A-1', 'B-2'] });
    const answer = plan(1);
    if (!answer.ok) throw new Error(JSON.stringify(answer));
    expect(answer.orders.orderId).toEqual(['B-2']);
    expect(answer.errors.map((e) => [e.row, e.order_id])).toEqual([
      [1, 'A-1'],
      [2, 'A-1'],
    ]);
    // The rows were taken: a second plan of the same token has nothing to work on.
    expect(plan(1)).toEqual({ ok: false, gone: true });
  });

  it('plans from a body sent again when the rows are gone, and forgets dropped or pushed-out rows', () => {
    expect(plan(99)).toEqual({ ok: false, gone: true });
    const again = plan(99, { body: body([row('C-3', '8710000000001')]) });
    expect(again.ok && again.orders.orderId).toEqual(['C-3']);

    run({ phase: 'keys', token: 2, body: body([row('D-4', '8710000000001')]) });
    expect(run({ phase: 'drop', token: 2 })).toEqual({ ok: true });
    expect(plan(2)).toEqual({ ok: false, gone: true });

    // At most four imports are kept: the fifth pushes out the oldest.
    for (const token of [10, 11, 12, 13, 14])
      run({ phase: 'keys', token, body: body([row(`E-${token}`, '8710000000001')]) });
    expect(plan(10)).toEqual({ ok: false, gone: true });
    const kept = plan(14);
    expect(kept.ok && kept.orders.orderId).toEqual(['E-14']);
  });

  it('checks the text cells once in the keys phase and reports a refused row by its number in the plan', () => {
    const keys = run({
      phase: 'keys',
      token: 5,
      body: body([
        {},
        row('F-6', '8710000000001'),
        { ...row('G-7', '8710000000001'), city: 'Ams\u0000terdam' },
      ]),
    }) as KeysAnswer;
    expect(keys).toEqual({ ok: true, eans: ['8710000000001'], orderIds: ['F-6'] });
    const answer = plan(5);
    if (!answer.ok) throw new Error(JSON.stringify(answer));
    expect(answer.orders.orderId).toEqual(['F-6']);
    expect(answer.errors.map((e) => [e.row, e.order_id, e.code])).toEqual([[3, 'G-7', 'text_invalid']]);
  });

  it('refuses a body that is not JSON or not rows, as before', () => {
    expect(run({ phase: 'keys', token: 3, body: new TextEncoder().encode('{nope') })).toMatchObject({
      ok: false,
      message: 'Body is not valid JSON',
    });
    expect(run({ phase: 'keys', token: 4, body: body([]) })).toMatchObject({ ok: false });
  });
});
