// @vitest-environment jsdom
import '../../test/dom-setup.ts';
import type { Return } from '@hoppa/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kickOutbox, outboxSender } from '../../app/sync.ts';
import { floorDb, getMeta, setMeta, typedDrafts } from '../../offline/db.ts';
import { enqueueReturnChange } from '../../offline/outbox.ts';
import { browser, json } from '../../test/dom-setup.ts';
import { hexId } from '../../test/fixtures.ts';
import { clearFloorDb, currentUser, renderFloor } from '../../test/render.tsx';
import { ago } from './returns.screen.tsx';

const staff = currentUser('picker', {
  curr_role: {
    key: 'warehouse_staff',
    name: 'Warehouse staff',
    grants: [{ methods: ['*'], path: '/returns*' }],
    all_orgs: true,
  },
});

function aReturn(): Return {
  const item = (n: number, ean: string) => ({
    id: hexId(n),
    product_id: hexId(100 + n),
    ean,
    title: `Product ${n}`,
    return_instruction: n === 1 ? 'Controleer op barsten' : null,
    location: n === 1 ? { id: hexId(201), name: 'A-01-02', parent_name: 'A-01' } : null,
    expected_quantity: 2,
    received_quantity: null,
    product_state: null,
    damaged_package: false,
    damaged_product: false,
    damaged_product_package: false,
    return_action: 'RETURN_RECEIVED' as const,
    fulfilled_at: null,
    quarantined: null,
    parts: [],
    restocked_quantity: null,
  });
  return {
    id: hexId(1),
    return_number: 'R00000042',
    org_id: hexId(2),
    org_name: 'Bakkerij Bol',
    order_id: hexId(3),
    shop_order_id: 'BOL-1',
    platform: 'bol',
    tracking_number: '3SHOP0000042',
    carrier: 'local',
    reason: 'DAMAGED',
    customer_comments: 'Gebarsten',
    registered_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    closed_at: null,
    items: [item(1, '8710000000011'), item(2, '8710000000028')],
    images: [],
  };
}

const PART: Return['items'][number]['parts'][number] = {
  quantity: 1,
  product_state: null,
  damaged_package: false,
  damaged_product: false,
  damaged_product_package: false,
  return_action: 'RETURN_RECEIVED',
};

function scan(code: string) {
  const input = screen.getByTestId('scan-input');
  fireEvent.input(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/** Queues the close of `r`'s first item (back in stock) in the outbox; answers the return as the server then has it. */
async function queueClose(r: Return): Promise<Return> {
  await enqueueReturnChange(
    floorDb(),
    r.id,
    { op: 'fulfill', return_id: r.id, ean: '8710000000011' },
    'R · 1',
  );
  const [first, ...rest] = r.items as [Return['items'][number], ...Return['items']];
  return { ...r, items: [{ ...first, fulfilled_at: new Date().toISOString(), quarantined: false }, ...rest] };
}

describe('returns desk (issue 12; spec 2 §2 Returns desk)', () => {
  beforeEach(async () => {
    browser.reset();
    await clearFloorDb();
    await setMeta(floorDb(), 'session', staff);
  });
  afterEach(() => {
    cleanup();
    outboxSender().stop();
  });

  it('opens on the open returns, newest first, with their count; a search replaces them until asked back', async () => {
    const older = aReturn();
    const newer = { ...aReturn(), id: hexId(9), return_number: 'R00000043', tracking_number: '3SHOP0000043' };
    const asked: string[] = [];
    browser.server = (req) => {
      const url = new URL(req.url);
      asked.push(url.pathname + url.search);
      if (url.pathname === '/api/returns/open')
        return json(200, { items: [newer, older], total: 7, skip: 0, limit: 50 });
      if (url.pathname === `/api/returns/get/${older.tracking_number}`)
        return json(200, { status: 'found', returns: [older] });
      return json(404, { statusCode: 404, code: 'not_found', message: 'nothing' });
    };
    renderFloor('/returns', { lang: 'nl' });
    await waitFor(() => expect(screen.getAllByTestId('return-card')).toHaveLength(2));
    expect(screen.getByTestId('returns-count').textContent).toBe('7 open retouren');
    expect(screen.getAllByTestId('return-card')[0]?.textContent).toContain('R00000043');
    expect(asked).toContain('/api/returns/open?skip=0&limit=50');
    // The header's X leaves the desk: named for that, not 'Retouren' (the desk's title).
    expect(screen.getByRole('button', { name: 'Sluiten' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retouren' })).toBeNull();
    scan(older.tracking_number);
    await waitFor(() => expect(screen.getByTestId('returns-count').textContent).toBe('1 retour'));
    expect(screen.getAllByTestId('return-card')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('returns-show-open'));
    await waitFor(() => expect(screen.getByTestId('returns-count').textContent).toBe('7 open retouren'));
    expect(screen.getAllByTestId('return-card')).toHaveLength(2);
  });

  it('offline on a device that never downloaded the open returns says so, not that there are none', async () => {
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    expect((await screen.findByTestId('returns-not-downloaded')).textContent).toBe(
      'Offline: de open retouren staan nog niet op dit toestel. Ze komen zodra er verbinding is.',
    );
    expect(screen.queryByTestId('returns-count')).toBeNull();
  });

  it('offline, finds a return kept on the device by its label or return number, and gives the open list back', async () => {
    const older = aReturn();
    const newer = { ...aReturn(), id: hexId(9), return_number: 'R00000043', tracking_number: '3SHOP0000043' };
    await setMeta(floorDb(), 'returnsDesk', { query: '', at: Date.now(), returns: [newer, older], total: 2 });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    await waitFor(() => expect(screen.getAllByTestId('return-card')).toHaveLength(2));
    scan(older.tracking_number);
    await waitFor(() => expect(screen.getAllByTestId('return-card')).toHaveLength(1));
    expect(screen.getByTestId('return-card').textContent).toContain('R00000042');
    expect(screen.getByTestId('returns-notice').textContent).toBe(
      'Offline: gevonden tussen de retouren op dit toestel.',
    );
    expect(screen.getByTestId('returns-count').textContent).toBe('1 retour');
    scan('r00000043');
    await waitFor(() => expect(screen.getByTestId('return-card').textContent).toContain('R00000043'));
    // Not on the device: said so as an error (the wrong sound plays with it), and the list stays as it was.
    scan('3SHOP0000099');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Offline: 3SHOP0000099 staat niet op dit toestel. Zoeken kan weer zodra er verbinding is.',
      ),
    );
    expect(screen.getByTestId('return-card').textContent).toContain('R00000043');
    // The connection comes back while the worker judges it: the desk reads the open list again, and keeps to the
    // return the worker found until asked for all.
    const asked: string[] = [];
    browser.server = (req) => {
      asked.push(new URL(req.url).pathname);
      return json(200, { items: [newer, older], total: 2, skip: 0, limit: 50 });
    };
    browser.setOnline(true);
    await waitFor(() => expect(asked).toContain('/api/returns/open'));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByTestId('return-card')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('returns-show-open'));
    await waitFor(() => expect(screen.getAllByTestId('return-card')).toHaveLength(2));
    expect(screen.getByTestId('returns-count').textContent).toBe('2 open retouren');
  });

  it('finds a return by its tracking number and shows each item as spec 2 §2 lists', async () => {
    const r = aReturn();
    browser.server = (req) => {
      const url = new URL(req.url);
      if (url.pathname === `/api/returns/get/${r.tracking_number}`)
        return json(200, { status: 'found', returns: [r] });
      return json(404, { statusCode: 404, code: 'not_found', message: 'nothing' });
    };
    renderFloor('/returns', { lang: 'nl' });
    await screen.findByTestId('returns-count');
    scan(r.tracking_number);
    const card = await screen.findByTestId('return-card');
    expect(screen.getByTestId('returns-count').textContent).toBe('1 retour');
    const [first, second] = within(card).getAllByTestId('return-item');
    expect(within(first as HTMLElement).getByTestId('return-location').textContent).toBe('A-01 - A-01-02');
    expect(within(second as HTMLElement).getByTestId('return-location').textContent).toBe(
      'Onbekende locatie',
    );
    expect((within(first as HTMLElement).getByTestId('return-received') as HTMLInputElement).value).toBe('2');
    // A received quantity that is no whole number is refused in Dutch.
    const received = within(first as HTMLElement).getByTestId('return-received') as HTMLInputElement;
    fireEvent.input(received, { target: { value: 'x' } });
    fireEvent.blur(received);
    expect(
      within(first as HTMLElement).getByText(
        'Vul in hoeveel stuks van deze EAN in de zending zaten (0 of meer).',
      ),
    ).toBeTruthy();
    expect(card.textContent).toContain('Beschadigd');
    // The product's return instruction (spec 3 §2) on the item it belongs to, and only there.
    expect(within(first as HTMLElement).getByTestId('return-instruction').textContent).toBe(
      'Controleer op barsten',
    );
    expect(within(second as HTMLElement).queryByTestId('return-instruction')).toBeNull();
    expect(card.textContent).toContain('3 dagen geleden');
    // Names, not codes: the platform badge and the carrier; the footer names the return by its number, no database id.
    expect(within(card).getByTestId('return-platform').textContent).toBe('bol.com');
    expect(within(first as HTMLElement).getByTestId('return-carrier').textContent).toBe('Hoppa lokaal');
    expect(card.textContent).not.toContain(r.id);
    expect(card.querySelector('footer')?.textContent).toContain('Bakkerij Bol · R00000042 ·');
  });

  it('says so when more came back than the return announced, and not when the count is put right', async () => {
    const r = aReturn();
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [r] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    const [first] = await screen.findAllByTestId('return-item');
    const item = first as HTMLElement;
    expect(within(item).getByTestId('return-expected').textContent).toBe('2');
    expect(within(item).queryByTestId('return-above-expected')).toBeNull();
    const received = within(item).getByTestId('return-received');
    fireEvent.input(received, { target: { value: '3' } });
    fireEvent.blur(received);
    await waitFor(() =>
      expect(within(item).getByTestId('return-above-expected').textContent).toBe(
        '3 ontvangen, 2 verwacht: meer dan aangemeld. Tel nog eens voor je afsluit.',
      ),
    );
    fireEvent.input(within(item).getByTestId('return-received'), { target: { value: '2' } });
    fireEvent.blur(within(item).getByTestId('return-received'));
    await waitFor(() => expect(within(item).queryByTestId('return-above-expected')).toBeNull());
  });

  it('asks to count again only before an item is closed, not on one closed with more than announced', async () => {
    const r = aReturn();
    const [first, second] = r.items as [Return['items'][number], Return['items'][number]];
    r.items = [
      { ...first, received_quantity: 3, fulfilled_at: new Date().toISOString(), quarantined: false },
      { ...second, received_quantity: 3 },
    ];
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [r] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    const [closed, open] = (await screen.findAllByTestId('return-item')) as [HTMLElement, HTMLElement];
    expect(within(closed).getByTestId('return-item-done').textContent).toBe(
      'Afgehandeld · Terug op voorraad',
    );
    expect(within(closed).queryByTestId('return-above-expected')).toBeNull();
    expect(within(open).getByTestId('return-above-expected')).toBeTruthy();
    // Closed offline: the advice goes with the close, before the server has answered.
    fireEvent.click(within(open).getByTestId('return-close'));
    await waitFor(() => expect(open.dataset.pending).toBe('true'));
    expect(within(open).queryByTestId('return-above-expected')).toBeNull();
  });

  it("the camera's dialog closes with 'Sluiten', not with 'Nee' (no question was asked)", async () => {
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    fireEvent.click(await screen.findByRole('button', { name: 'Camera' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    expect(await within(dialog).findByRole('button', { name: 'Sluiten' }, { timeout: 15_000 })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Nee' })).toBeNull();
  });

  it('saves each judgement at once and closes an item through the outbox, offline too', async () => {
    const r = aReturn();
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [r] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    const [first] = await screen.findAllByTestId('return-item');
    const item = first as HTMLElement;
    const received = within(item).getByTestId('return-received');
    fireEvent.input(received, { target: { value: '1' } });
    fireEvent.blur(received);
    fireEvent.click(within(item).getByRole('button', { name: 'Goed' }));
    fireEvent.click(within(item).getByTestId('return-close'));
    await waitFor(() => expect(item.dataset.pending).toBe('true'));
    const rows = await floorDb().outbox.orderBy('seq').toArray();
    expect(rows.map((row) => row.body)).toEqual([
      { op: 'update', body: { return_id: r.id, ean: '8710000000011', received_quantity: 1 } },
      { op: 'update', body: { return_id: r.id, ean: '8710000000011', product_state: 'good' } },
      { op: 'fulfill', return_id: r.id, ean: '8710000000011' },
    ]);
    // Back online: each change is sent with its key and the server's answer replaces the stored return.
    const closed: Return = {
      ...r,
      items: [
        {
          ...(r.items[0] as Return['items'][number]),
          received_quantity: 1,
          product_state: 'good',
          fulfilled_at: new Date().toISOString(),
          quarantined: false,
        },
        r.items[1] as Return['items'][number],
      ],
    };
    const keys: string[] = [];
    browser.server = (req) => {
      keys.push(req.headers.get('idempotency-key') ?? '');
      return json(200, closed);
    };
    browser.setOnline(true);
    kickOutbox(true);
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(0));
    expect(new Set(keys).size).toBe(3);
    expect((await screen.findByTestId('return-item-done')).textContent).toBe(
      'Afgehandeld · Terug op voorraad',
    );
  });

  it('keeps a received count typed and not yet left through a reload, and sends it once when the item is closed', async () => {
    const r = aReturn();
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [r] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    const [first] = await screen.findAllByTestId('return-item');
    fireEvent.input(within(first as HTMLElement).getByTestId('return-received'), { target: { value: '1' } });
    // Written on the device while the field is still focused (a few hundred ms after the keystroke), sent nowhere.
    await waitFor(async () => expect(Object.values(await typedDrafts(floorDb()))).toEqual(['1']), {
      timeout: 2000,
    });
    expect(await floorDb().outbox.count()).toBe(0);
    // The page reloads (the scanner's browser was closed) without the field being left: the typed count is back.
    cleanup();
    renderFloor('/returns', { lang: 'nl' });
    const [again] = await screen.findAllByTestId('return-item');
    const item = again as HTMLElement;
    expect(within(item).getByTestId<HTMLInputElement>('return-received').value).toBe('1');
    expect(await floorDb().outbox.count()).toBe(0);
    // Closing the item saves the typed count first, once, then closes it.
    fireEvent.click(within(item).getByTestId('return-close'));
    await waitFor(() => expect(item.dataset.pending).toBe('true'));
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(2));
    expect((await floorDb().outbox.orderBy('seq').toArray()).map((row) => row.body)).toEqual([
      { op: 'update', body: { return_id: r.id, ean: '8710000000011', received_quantity: 1 } },
      { op: 'fulfill', return_id: r.id, ean: '8710000000011' },
    ]);
    expect(await typedDrafts(floorDb())).toEqual({});
  });

  it('writes a typed received count at once when the page is hidden, and forgets it once the field is left', async () => {
    const r = aReturn();
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [r] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    const [first] = await screen.findAllByTestId('return-item');
    const received = within(first as HTMLElement).getByTestId('return-received');
    fireEvent.input(received, { target: { value: '0' } });
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(async () => expect(Object.values(await typedDrafts(floorDb()))).toEqual(['0']), {
      timeout: 200,
    });
    fireEvent.blur(received);
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(1));
    expect(await typedDrafts(floorDb())).toEqual({});
    cleanup();
    renderFloor('/returns', { lang: 'nl' });
    const [again] = await screen.findAllByTestId('return-item');
    expect(within(again as HTMLElement).getByTestId<HTMLInputElement>('return-received').value).toBe('0');
    expect(await floorDb().outbox.count()).toBe(1);
  });

  it('keeps the product-state text typed through a reload, says it is kept and not sent, and sends it once when left', async () => {
    const r = aReturn();
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [r] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    const [first] = await screen.findAllByTestId('return-item');
    expect(within(first as HTMLElement).queryByTestId('typed-kept')).toBeNull();
    fireEvent.input(within(first as HTMLElement).getByTestId('return-state'), {
      target: { value: 'Doos ingedeukt' },
    });
    // Written on the device while the field is still focused, and said so on the item; nothing sent.
    await waitFor(
      async () => expect(Object.values(await typedDrafts(floorDb()))).toEqual(['Doos ingedeukt']),
      {
        timeout: 2000,
      },
    );
    expect((await within(first as HTMLElement).findByTestId('typed-kept')).textContent).toBe(
      'Concept bewaard op dit toestel, nog niet bevestigd',
    );
    expect(await floorDb().outbox.count()).toBe(0);
    // A reload without leaving the field: the text is back, still marked as not sent.
    cleanup();
    renderFloor('/returns', { lang: 'nl' });
    const [again] = await screen.findAllByTestId('return-item');
    const item = again as HTMLElement;
    const state = within(item).getByTestId<HTMLTextAreaElement>('return-state');
    expect(state.value).toBe('Doos ingedeukt');
    expect(within(item).getByTestId('typed-kept')).toBeTruthy();
    // Leaving the field sends it once; the mark goes, and leaving it again sends nothing more.
    fireEvent.blur(state);
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(1));
    expect((await floorDb().outbox.toArray())[0]?.body).toEqual({
      op: 'update',
      body: { return_id: r.id, ean: '8710000000011', product_state: 'Doos ingedeukt' },
    });
    await waitFor(() => expect(within(item).queryByTestId('typed-kept')).toBeNull());
    expect(await typedDrafts(floorDb())).toEqual({});
    fireEvent.blur(within(item).getByTestId('return-state'));
    await new Promise((done) => setTimeout(done, 50));
    expect(await floorDb().outbox.count()).toBe(1);
  });

  it('keeps a part count typed through a reload and sends it once with the parts when left', async () => {
    const r = aReturn();
    const [first, second] = r.items as [Return['items'][number], Return['items'][number]];
    const split: Return = {
      ...r,
      items: [
        {
          ...first,
          received_quantity: 2,
          parts: [
            { ...PART, product_state: 'good' },
            { ...PART, damaged_product: true },
          ],
        },
        second,
      ],
    };
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [split] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    const [one] = await screen.findAllByTestId('return-part-quantity');
    fireEvent.input(one as HTMLElement, { target: { value: '3' } });
    await waitFor(async () => expect(Object.keys(await typedDrafts(floorDb()))).toHaveLength(1), {
      timeout: 2000,
    });
    expect(await floorDb().outbox.count()).toBe(0);
    cleanup();
    renderFloor('/returns', { lang: 'nl' });
    const [again] = await screen.findAllByTestId('return-item');
    const item = again as HTMLElement;
    const [count] = within(item).getAllByTestId<HTMLInputElement>('return-part-quantity');
    expect(count?.value).toBe('3');
    expect(within(item).getByTestId('typed-kept')).toBeTruthy();
    fireEvent.blur(count as HTMLInputElement);
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(1));
    const [row] = await floorDb().outbox.toArray();
    const body = row?.body as { op: 'update'; body: { parts: { quantity: number }[] } };
    expect(body.body.parts.map((p) => p.quantity)).toEqual([3, 1]);
    await waitFor(() => expect(within(item).queryByTestId('typed-kept')).toBeNull());
    expect(await typedDrafts(floorDb())).toEqual({});
  });

  it('keeps counts left with Back for when the desk opens again, and forgets those of items closed or returns no longer open', async () => {
    const r = aReturn();
    const other: Return = { ...aReturn(), id: hexId(9), return_number: 'R00000043' };
    await setMeta(floorDb(), 'returnsDesk', { query: '', at: Date.now(), returns: [r, other], total: 2 });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    const [a1, a2, b1] = await screen.findAllByTestId('return-received');
    fireEvent.input(a1 as HTMLElement, { target: { value: '1' } });
    fireEvent.input(a2 as HTMLElement, { target: { value: '0' } });
    fireEvent.input(b1 as HTMLElement, { target: { value: '1' } });
    await waitFor(async () => expect(Object.keys(await typedDrafts(floorDb()))).toHaveLength(3), {
      timeout: 2000,
    });
    // Back to the menu without leaving the fields: nothing is sent, and the counts wait on the device.
    fireEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByTestId('return-item')).toBeNull());
    cleanup();
    renderFloor('/returns', { lang: 'nl' });
    const shown = await screen.findAllByTestId<HTMLInputElement>('return-received');
    expect(shown.map((f) => f.value)).toEqual(['1', '0', '1', '2']);
    expect(screen.getAllByTestId('typed-kept')).toHaveLength(3);
    expect(await floorDb().outbox.count()).toBe(0);
    // Online, the whole open list: R00000042's first item was closed elsewhere, R00000043 is no longer open.
    const [first, second] = r.items as [Return['items'][number], Return['items'][number]];
    const closedFirst: Return = {
      ...r,
      items: [{ ...first, fulfilled_at: new Date().toISOString(), quarantined: false }, second],
    };
    browser.server = () => json(200, { items: [closedFirst], total: 1, skip: 0, limit: 50 });
    browser.setOnline(true);
    await waitFor(async () => expect(Object.values(await typedDrafts(floorDb()))).toEqual(['0']));
    expect(await floorDb().outbox.count()).toBe(0);
    await waitFor(() => expect(screen.getAllByTestId('typed-kept')).toHaveLength(1));
  });

  it('says a closed item of which nothing arrived went nowhere, not back in stock', async () => {
    const r = aReturn();
    const [first, second] = r.items as [Return['items'][number], Return['items'][number]];
    const at = new Date().toISOString();
    r.items = [
      { ...first, received_quantity: 0, fulfilled_at: at, quarantined: false },
      { ...second, received_quantity: 2, fulfilled_at: at, quarantined: false },
    ];
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [r] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    await screen.findAllByTestId('return-item');
    expect(screen.getAllByTestId('return-item-done').map((e) => e.textContent)).toEqual([
      'Afgehandeld · Niets ontvangen',
      'Afgehandeld · Terug op voorraad',
    ]);
  });

  it('judges the pieces of one line apart, offline through the outbox: 2 ontvangen, 1 goed, 1 beschadigd', async () => {
    const r = aReturn();
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [r] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    const [first] = await screen.findAllByTestId('return-item');
    const item = first as HTMLElement;
    fireEvent.click(within(item).getByRole('button', { name: 'Stuks apart beoordelen' }));
    await waitFor(() =>
      expect(within(item).getByTestId('return-split-summary').textContent).toBe(
        '2 ontvangen: 1 goed, 1 beschadigd',
      ),
    );
    const parts = within(item).getAllByTestId('return-part');
    expect(parts.map((p) => within(p).getByTestId('return-part-outcome').textContent)).toEqual([
      'Terug op voorraad',
      'In quarantaine',
    ]);
    // The received quantity follows the parts; one more good piece found in the parcel.
    expect(within(item).getByTestId<HTMLInputElement>('return-received').disabled).toBe(true);
    fireEvent.click(within(parts[0] as HTMLElement).getByRole('button', { name: 'Eén meer' }));
    await waitFor(() =>
      expect(within(item).getByTestId('return-split-summary').textContent).toBe(
        '3 ontvangen: 2 goed, 1 beschadigd',
      ),
    );
    const rows = await floorDb().outbox.orderBy('seq').toArray();
    expect(rows.map((row) => row.body)).toEqual([
      {
        op: 'update',
        body: {
          return_id: r.id,
          ean: '8710000000011',
          parts: [
            { quantity: 1, product_state: 'good' },
            { quantity: 1, product_state: 'bad', damaged_product: true },
          ],
        },
      },
      {
        op: 'update',
        body: {
          return_id: r.id,
          ean: '8710000000011',
          parts: [
            {
              quantity: 2,
              product_state: 'good',
              damaged_package: false,
              damaged_product: false,
              damaged_product_package: false,
              return_action: 'RETURN_RECEIVED',
            },
            {
              quantity: 1,
              product_state: 'bad',
              damaged_package: false,
              damaged_product: true,
              damaged_product_package: false,
              return_action: 'RETURN_RECEIVED',
            },
          ],
        },
      },
    ]);
    // A count typed on the handheld's keypad counts as well.
    const count = within(within(item).getAllByTestId('return-part')[0] as HTMLElement).getByTestId(
      'return-part-quantity',
    );
    fireEvent.input(count, { target: { value: '4' } });
    fireEvent.blur(count);
    await waitFor(() =>
      expect(within(item).getByTestId('return-split-summary').textContent).toBe(
        '5 ontvangen: 4 goed, 1 beschadigd',
      ),
    );
  });

  it('says where the pieces of a line closed in parts went', async () => {
    const r = aReturn();
    const [first, second] = r.items as [Return['items'][number], Return['items'][number]];
    const at = new Date().toISOString();
    r.items = [
      {
        ...first,
        received_quantity: 2,
        fulfilled_at: at,
        quarantined: true,
        restocked_quantity: 1,
        parts: [
          { ...PART, quantity: 1, product_state: 'good' },
          { ...PART, quantity: 1, product_state: 'bad', damaged_product: true },
        ],
      },
      { ...second, received_quantity: 2, fulfilled_at: at, quarantined: true, restocked_quantity: 0 },
    ];
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [r] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    await screen.findAllByTestId('return-item');
    expect(screen.getAllByTestId('return-item-done').map((e) => e.textContent)).toEqual([
      'Afgehandeld · 1 terug op voorraad · 1 in quarantaine',
      'Afgehandeld · In quarantaine',
    ]);
    expect(screen.getByTestId('return-split-summary').textContent).toBe('2 ontvangen: 1 goed, 1 beschadigd');
    // Closed: what was decided, without the controls to change it.
    expect(screen.queryAllByTestId('return-part')).toHaveLength(0);
  });

  it('shows a quick state in the UI language in the state text and keeps its code when left unchanged', async () => {
    const r = aReturn();
    const [first, second] = r.items as [Return['items'][number], Return['items'][number]];
    r.items = [
      { ...first, product_state: 'good' },
      { ...second, product_state: 'deuk in de doos' },
    ];
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [r] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    const [one, two] = (await screen.findAllByTestId('return-item')) as [HTMLElement, HTMLElement];
    const state = within(one).getByTestId<HTMLTextAreaElement>('return-state');
    expect(state.value).toBe('Goed');
    expect(within(two).getByTestId<HTMLTextAreaElement>('return-state').value).toBe('deuk in de doos');
    fireEvent.blur(state);
    fireEvent.input(state, { target: { value: 'Slecht' } });
    fireEvent.blur(state);
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(1));
    const rows = await floorDb().outbox.orderBy('seq').toArray();
    expect(rows.map((row) => row.body)).toEqual([
      { op: 'update', body: { return_id: r.id, ean: '8710000000011', product_state: 'bad' } },
    ]);
  });

  it('keeps a closed item closed when the open list, read before the close was sent, lands after its answer', async () => {
    // Coming back online, the desk downloads the open returns while the outbox sends the close made offline: the list
    // was read on the server before the close but lands after its answer, and offline again nothing corrects it.
    const r = aReturn();
    await setMeta(floorDb(), 'returnsDesk', { query: '', at: Date.now(), returns: [r], total: 1 });
    const closed = await queueClose(r);
    let listed = 0;
    let landList: (res: Response) => void = () => undefined;
    browser.online = false;
    browser.server = (req) => {
      const url = new URL(req.url);
      if (url.pathname === '/api/returns/open') {
        listed += 1;
        if (listed === 1) return new Promise<Response>((resolve) => (landList = resolve));
        throw new TypeError('Failed to fetch');
      }
      // The close reaches the server only once the list has been read there.
      if (url.pathname.startsWith(`/api/returns/fulfill/${r.id}/`) && listed > 0) return json(200, closed);
      throw new TypeError('Failed to fetch');
    };
    renderFloor('/returns', { lang: 'nl' });
    await screen.findAllByTestId('return-item');
    browser.setOnline(true);
    await waitFor(() => expect(listed).toBe(1));
    kickOutbox(true);
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(0));
    // The server's list also carries what changed elsewhere (the count), which must arrive.
    landList(json(200, { items: [r], total: 7, skip: 0, limit: 50 }));
    await waitFor(() => expect(screen.getByTestId('returns-count').textContent).toBe('7 open retouren'));
    const desk = await getMeta(floorDb(), 'returnsDesk');
    expect(desk?.returns[0]?.items.map((it) => it.fulfilled_at !== null)).toEqual([true, false]);
    expect(screen.getByTestId('return-item-done').textContent).toBe('Afgehandeld · Terug op voorraad');
  });

  it('keeps a closed item closed when a search read before the close was sent lands after its answer', async () => {
    const r = aReturn();
    await setMeta(floorDb(), 'returnsDesk', { query: r.tracking_number, at: Date.now(), returns: [r] });
    const closed = await queueClose(r);
    let searched = 0;
    let landSearch: (res: Response) => void = () => undefined;
    browser.online = false;
    browser.server = (req) => {
      const url = new URL(req.url);
      if (url.pathname === `/api/returns/get/${r.tracking_number}`) {
        searched += 1;
        return new Promise<Response>((resolve) => (landSearch = resolve));
      }
      if (url.pathname.startsWith(`/api/returns/fulfill/${r.id}/`) && searched > 0) return json(200, closed);
      throw new TypeError('Failed to fetch');
    };
    renderFloor('/returns', { lang: 'nl' });
    await screen.findAllByTestId('return-item');
    browser.online = true;
    // The worker scans the parcel again while the close made offline is being sent.
    scan(r.tracking_number);
    await waitFor(() => expect(searched).toBe(1));
    kickOutbox(true);
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(0));
    // The search also finds a second return registered for the parcel meanwhile, which must arrive.
    const another = { ...aReturn(), id: hexId(9), return_number: 'R00000043' };
    landSearch(json(200, { status: 'found', returns: [r, another] }));
    await waitFor(async () => expect((await getMeta(floorDb(), 'returnsDesk'))?.returns).toHaveLength(2));
    const desk = await getMeta(floorDb(), 'returnsDesk');
    expect(desk?.returns[0]?.items.map((it) => it.fulfilled_at !== null)).toEqual([true, false]);
    expect((await screen.findByTestId('return-item-done')).textContent).toBe(
      'Afgehandeld · Terug op voorraad',
    );
  });

  it('keeps the open list on the device through a search and a return made from an order: back offline, all of it', async () => {
    const older = aReturn();
    const newer = { ...aReturn(), id: hexId(9), return_number: 'R00000043', tracking_number: '3SHOP0000043' };
    const made = { ...aReturn(), id: hexId(10), return_number: 'R00000044', tracking_number: '3SHOP0000044' };
    browser.server = async (req) => {
      const url = new URL(req.url);
      if (url.pathname === '/api/returns/open')
        return json(200, { items: [newer, older], total: 2, skip: 0, limit: 50 });
      if (url.pathname === `/api/returns/get/${older.tracking_number}`)
        return json(200, { status: 'found', returns: [older] });
      if (url.pathname === '/api/returns/get/BOL-9')
        return json(200, {
          status: 'order_found',
          order: { id: hexId(11), shop_order_id: 'BOL-9', org_name: 'Bakkerij Bol' },
        });
      if (url.pathname === '/api/returns/from_order') return json(201, made);
      return json(404, { statusCode: 404, code: 'not_found', message: 'nothing' });
    };
    renderFloor('/returns', { lang: 'nl' });
    await waitFor(() => expect(screen.getAllByTestId('return-card')).toHaveLength(2));
    scan(older.tracking_number);
    await waitFor(() => expect(screen.getByTestId('returns-count').textContent).toBe('1 retour'));
    scan('BOL-9');
    fireEvent.change(await screen.findByLabelText('Reden'), { target: { value: 'REFUSED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ja' }));
    expect((await screen.findByTestId('returns-made')).textContent).toBe(
      'Retour R00000044 aangemaakt voor order BOL-9.',
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('return-card').map((c) => c.getAttribute('aria-label'))).toEqual([
        'R00000044',
      ]),
    );
    // The network goes: the way back gives the whole open list kept, the new return on top.
    browser.server = () => {
      throw new TypeError('Failed to fetch');
    };
    browser.setOnline(false);
    fireEvent.click(screen.getByTestId('returns-show-open'));
    await waitFor(() => expect(screen.getAllByTestId('return-card')).toHaveLength(3));
    expect(screen.getAllByTestId('return-card').map((c) => c.getAttribute('aria-label'))).toEqual([
      'R00000044',
      'R00000043',
      'R00000042',
    ]);
    expect(screen.getByTestId('returns-count').textContent).toBe('3 open retouren');
    expect(screen.getByTestId('returns-notice').textContent).toBe(
      'Offline: de open retouren zoals ze op dit toestel staan.',
    );
    // A search offline finds among them and stores nothing: back again, still all three.
    scan(newer.tracking_number);
    await waitFor(() => expect(screen.getAllByTestId('return-card')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('returns-show-open'));
    await waitFor(() => expect(screen.getAllByTestId('return-card')).toHaveLength(3));
    expect((await getMeta(floorDb(), 'returnsDesk'))?.open).toEqual([made.id, newer.id, older.id]);
  });

  it("says 'Niets gevonden' as an error, with the wrong sound", async () => {
    browser.server = (req) => {
      if (new URL(req.url).pathname === '/api/returns/open')
        return json(200, { items: [], total: 0, skip: 0, limit: 50 });
      return json(404, { statusCode: 404, code: 'not_found', message: 'nothing' });
    };
    renderFloor('/returns', { lang: 'nl' });
    await screen.findByTestId('returns-count');
    scan('3SHOP0000099');
    expect((await screen.findByRole('alert')).textContent).toBe('Niets gevonden voor 3SHOP0000099.');
    expect(screen.queryByTestId('returns-notice')).toBeNull();
    expect(browser.vibrate).toHaveBeenCalledWith([200, 100, 200]);
  });

  it("names an item's close 'Artikel sluiten' while other items stay open, 'Retour sluiten' on the last", async () => {
    const r = aReturn();
    await setMeta(floorDb(), 'returnsDesk', { query: r.return_number, at: Date.now(), returns: [r] });
    browser.online = false;
    renderFloor('/returns', { lang: 'nl' });
    await waitFor(() =>
      expect(screen.getAllByTestId('return-close').map((b) => b.textContent)).toEqual([
        'Artikel sluiten',
        'Artikel sluiten',
      ]),
    );
    fireEvent.click(screen.getAllByTestId('return-close')[0] as HTMLElement);
    await waitFor(() =>
      expect(screen.getAllByTestId('return-close').map((b) => b.textContent)).toEqual([
        'Artikel sluiten',
        'Retour sluiten',
      ]),
    );
    // The first is closing (disabled, waiting to be sent); the second one's close closes the return.
    expect((screen.getAllByTestId('return-close')[0] as HTMLButtonElement).disabled).toBe(true);
  });

  it('says in the prompt that a return from an order was not made without network, and keeps the list', async () => {
    const r = aReturn();
    browser.server = (req) => {
      const url = new URL(req.url);
      if (url.pathname === '/api/returns/open')
        return json(200, { items: [r], total: 1, skip: 0, limit: 50 });
      if (url.pathname === '/api/returns/get/BOL-9')
        return json(200, {
          status: 'order_found',
          order: { id: hexId(11), shop_order_id: 'BOL-9', org_name: 'Bakkerij Bol' },
        });
      // The connection drops while the prompt is open.
      if (url.pathname === '/api/returns/from_order') throw new TypeError('Failed to fetch');
      return json(404, { statusCode: 404, code: 'not_found', message: 'nothing' });
    };
    renderFloor('/returns', { lang: 'nl' });
    await screen.findByTestId('return-card');
    scan('BOL-9');
    fireEvent.change(await screen.findByLabelText('Reden'), { target: { value: 'REFUSED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ja' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Geen verbinding: de retour is niet aangemaakt. Tik op Ja zodra je weer online bent.',
    );
    expect(screen.queryByTestId('returns-made')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nee' }));
    fireEvent.click(screen.getByTestId('returns-show-open'));
    await waitFor(() => expect(screen.getByTestId('returns-count').textContent).toBe('1 open retour'));
    expect(screen.getByTestId('return-card').getAttribute('aria-label')).toBe('R00000042');
  });

  it('offers a return from a shipped order only with a reason', async () => {
    const r = aReturn();
    const made: unknown[] = [];
    browser.server = async (req) => {
      const url = new URL(req.url);
      if (url.pathname === '/api/returns/get/BOL-1')
        return json(200, {
          status: 'order_found',
          order: { id: r.order_id, shop_order_id: 'BOL-1', org_name: 'Bakkerij Bol' },
        });
      if (url.pathname === '/api/returns/from_order') {
        made.push(await req.json());
        return json(201, r);
      }
      return json(404, { statusCode: 404, code: 'not_found', message: 'nothing' });
    };
    renderFloor('/returns', { lang: 'nl' });
    await screen.findByTestId('returns-count');
    scan('BOL-1');
    expect((await screen.findByTestId('from-order-question')).textContent).toBe(
      'Wil je een retour aanmaken voor deze order?',
    );
    expect(screen.getByText('Kies een reden voor de retour.')).toBeTruthy();
    // Guidance, not an error: nothing was done wrong yet.
    expect(screen.getByLabelText('Reden').getAttribute('aria-invalid')).not.toBe('true');
    const yes = screen.getByRole('button', { name: 'Ja' });
    expect((yes as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reden'), { target: { value: 'REFUSED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ja' }));
    await screen.findByTestId('return-card');
    expect(made).toEqual([{ orderId: r.order_id, reason_code: 'REFUSED' }]);
    expect((await screen.findByTestId('returns-made')).textContent).toBe(
      'Retour R00000042 aangemaakt voor order BOL-1.',
    );
  });
});

describe('ago: when a return was registered, on its card (spec 2 §2)', () => {
  const now = Date.parse('2026-12-06T10:00:00Z');
  it("says 'zojuist' within the minute, also for a time just ahead of the device's clock", () => {
    expect(ago('2026-12-06T10:00:40Z', 'nl', now)).toBe('zojuist');
    expect(ago('2026-12-06T09:59:50Z', 'nl', now)).toBe('zojuist');
    expect(ago('2026-12-06T10:00:40Z', 'en', now)).toBe('just now');
  });
  it("speaks the worker's language", () => {
    expect(ago('2026-12-03T10:00:00Z', 'nl', now)).toBe('3 dagen geleden');
    expect(ago('2026-12-03T10:00:00Z', 'en', now)).toBe('3 days ago');
    expect(ago('2026-12-06T09:45:00Z', 'nl', now)).toBe('15 minuten geleden');
  });
});
