// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import type { PickItem } from '@hoppa/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxSender } from '../../app/sync.ts';
import { floorDb, getMeta, setMeta } from '../../offline/db.ts';
import { browser, json } from '../../test/dom-setup.ts';
import { pickItem, seedPicks } from '../../test/fixtures.ts';
import { clearFloorDb, currentUser, pickListPage, pickListServer, renderFloor } from '../../test/render.tsx';
import { defaultPickFilter } from './pick.rules.ts';
import { PICK_PAGE_SIZE } from './pick-download.ts';
import { PICK_FIRST_PAGE_SIZE } from './pick-first-page.ts';

const LONG_NAME =
  'Bolletje Volkoren Beschuit met extra vezels en een vleugje zeezout, voordeelverpakking van 2 x 13 stuks';

/** A picker who logged in earlier on this scanner; the device is offline now (the list is on it). */
async function pickerOfflineWith(items: PickItem[]) {
  const db = floorDb();
  const filter = defaultPickFilter();
  await setMeta(db, 'session', currentUser('picker'));
  await setMeta(db, 'pickFilter', filter);
  await setMeta(db, 'lastSync', { at: Date.now(), filter, total: items.length });
  await seedPicks(db, items);
  browser.online = false;
}

function scan(code: string) {
  const input = screen.getByTestId('scan-input');
  fireEvent.input(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/**
 * A picker's first visit on this device, online: the first pick-list download (the default filter) is held until
 * `releaseFirst(items)`; every later one answers at once with `second`. `asked` records the downloads.
 */
async function freshDeviceWithSlowFirstDownload(second: PickItem) {
  await clearFloorDb();
  await setMeta(floorDb(), 'session', currentUser('picker'));
  let release: (r: Response) => void = () => undefined;
  const asked = pickListServer(() =>
    asked.length === 1 ? new Promise<Response>((resolve) => (release = resolve)) : pickListPage([second]),
  );
  renderFloor('/pick', { lang: 'nl' });
  const releaseFirst = (items: PickItem[]) => release(pickListPage(items));
  return { asked, releaseFirst };
}

/**
 * Types `text` key by key where the focus is at each key, as a picker's keyboard does: a keydown on the focused
 * element, then (in a text field) the character added to its value.
 */
function typeKeys(text: string) {
  for (const key of text) {
    const target = document.activeElement ?? document.body;
    fireEvent.keyDown(target, { key });
    if (target instanceof HTMLInputElement)
      fireEvent.input(target, { target: { value: target.value + key } });
    fireEvent.keyUp(target, { key });
  }
}

/**
 * Opens the filter drawer and waits until its opening is over. Mantine's focus trap puts the focus on the drawer's first
 * element (its close button) twice: when its node is attached, and again from its mount effect, which Preact runs after
 * the next frame (≤ 35 ms, then a timer). A field focused before that would lose the focus to the trap, which no picker
 * can do in one frame. The 100 ms timer is set after the effect's, so the trap's last focus comes first.
 */
async function openFilterDrawer() {
  fireEvent.click(await screen.findByRole('button', { name: 'Filter' }));
  const close = await screen.findByRole('button', { name: 'Sluiten' });
  await waitFor(() => expect(document.activeElement).toBe(close));
  await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 0));
}

/** Opens the pick screen and applies the single-orders filter, which starts a download; waits until it is asked. */
async function openAndFilter(asked: readonly unknown[]) {
  renderFloor('/pick', { lang: 'nl' });
  await screen.findByTestId('pick-card');
  fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
  fireEvent.click(await screen.findByLabelText('Alleen orders met één product'));
  fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
  await waitFor(() => expect(asked).toHaveLength(1));
}

describe('pick screen (spec 2 §2 Pick screen, §4 Pick flow)', () => {
  let first: PickItem;
  let second: PickItem;

  beforeEach(async () => {
    browser.reset();
    await clearFloorDb();
    first = pickItem({ rack: 'B-12-03', ean: '8712100486517', product__name: LONG_NAME, lines: [3] });
    second = pickItem({ rack: 'C-01-01', ean: '8710400000011', lines: [1] });
    await pickerOfflineWith([first, second]);
  });

  afterEach(() => {
    cleanup();
    outboxSender().stop();
  });

  it('shows the next pick from IndexedDB: location, quantity, EAN, name cut at 80, image placeholder', async () => {
    renderFloor('/pick', { lang: 'nl' });
    const card = await screen.findByTestId('pick-card');
    expect(card.dataset.pickId).toBe(first.id);
    expect(screen.getByTestId('pick-location').textContent).toBe('B-12-03');
    expect(screen.getByTestId('pick-quantity').textContent).toBe('3');
    expect(screen.getByTestId('pick-ean').textContent).toBe('8712100486517');
    const name = screen.getByTestId('pick-name').textContent ?? '';
    expect(LONG_NAME.length).toBeGreaterThan(80);
    expect(Array.from(name)).toHaveLength(80);
    expect(name).toBe(`${LONG_NAME.slice(0, 79)}…`);
    // no photo in the list: the placeholder says so
    expect(screen.getByTestId('pick-image-placeholder').textContent).toContain('Geen afbeelding');
    expect(screen.getByTestId('pick-remaining').textContent).toBe('Nog 2 te picken');
    expect(screen.getByTestId('network-status').dataset.online).toBe('false');
    // Every order of this item is listed: nothing waits for a later round.
    expect(screen.queryByTestId('pick-later-round')).toBeNull();
  });

  it('names the orders that wait behind a full pick item for a later round', async () => {
    await clearFloorDb();
    const busy = pickItem({ rack: 'D-02-01', lines: [1, 2], more_orders: 12, more_qty: 17 });
    await pickerOfflineWith([busy]);
    renderFloor('/pick', { lang: 'nl' });
    expect((await screen.findByTestId('pick-later-round')).textContent).toBe(
      'Nog 12 orders (17 st.) in een volgende ronde',
    );
    expect(screen.getByTestId('pick-quantity').textContent).toBe('3');
  });

  it('confirms the pick on a valid scan: feedback, one outbox row, the next pick', async () => {
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');

    scan(first.ean);

    expect(screen.getByTestId('scan-feedback').dataset.kind).toBe('valid');
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('C-01-01'));
    const db = floorDb();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [row] = await db.outbox.toArray();
    const [line] = first.orders;
    expect(row).toMatchObject({
      kind: 'pick.confirm',
      pickId: first.id,
      status: 'pending',
      body: {
        order_line_id: line?.order_line_id,
        quantity: 3,
        location_id: first.loc_id,
        scanned: first.ean,
      },
    });
    expect((await db.picks.get(first.id))?.status).toBe('queued');
    expect((await db.picks.get(second.id))?.status).toBe('open');
    await waitFor(() => expect(screen.getByTestId('outbox-count').dataset.count).toBe('1'));
    // what the picker feels and hears: a short buzz and the quantity in Dutch
    expect(browser.vibrate).toHaveBeenCalledWith(80);
    await waitFor(() => expect(browser.speak).toHaveBeenCalledWith({ text: '3', lang: 'nl-NL', rate: 2.5 }));
  });

  it('enqueues nothing on a wrong scan and sends the picker to the location', async () => {
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');

    scan('8711111111111');

    const feedback = screen.getByTestId('scan-feedback');
    expect(feedback.dataset.kind).toBe('wrong');
    expect(feedback.textContent).toContain('Ga naar B-12-03');
    expect(browser.vibrate).toHaveBeenCalledWith([200, 100, 200]);
    // spoken right after the verdict is on screen
    await waitFor(() =>
      expect(browser.speak).toHaveBeenCalledWith({ text: 'B 12 03', lang: 'nl-NL', rate: 1 }),
    );
    expect(screen.getByTestId('pick-card').dataset.pickId).toBe(first.id);

    // The next, valid scan is the only change stored: the wrong one left nothing behind.
    scan(first.loc_id ?? '');
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('C-01-01'));
    const rows = await floorDb().outbox.toArray();
    expect(rows.map((r) => (r.kind === 'pick.confirm' ? r.body.scanned : r.kind))).toEqual([first.loc_id]);
  });

  it("calls another location's label 'andere locatie', not by its id", async () => {
    // A picker's shift on a 360 × 640 scanner (2026-12-05): the neighbouring bin's label read
    // '✗ Fout: 6b13d568dc4409530cf8d210 · Ga naar A-01-01', three lines over the card.
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');
    scan('6B13D568DC4409530CF8D210');
    const feedback = screen.getByTestId('scan-feedback');
    expect(feedback.dataset.kind).toBe('wrong');
    expect(feedback.textContent).toBe('✗ Fout: andere locatie · Ga naar B-12-03');
    expect(await floorDb().outbox.count()).toBe(0);
  });

  it('shows and speaks the done message after the last pick (spec 2 §2)', async () => {
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');

    scan(first.ean);
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('C-01-01'));
    expect(screen.queryByTestId('pick-done')).toBeNull();
    scan(second.ean);

    const done = await screen.findByTestId('pick-done');
    expect(done.textContent).toContain('Hoppa! je bent klaar met picken!');
    await waitFor(() =>
      expect(browser.speak).toHaveBeenCalledWith({
        text: 'Hoppa! je bent klaar met picken!',
        lang: 'nl-NL',
        rate: 0.8,
      }),
    );
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(2));
  });

  it('shows a scan of the pick just confirmed as already picked, with the way to the next location', async () => {
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');
    scan(first.ean);
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('C-01-01'));
    // The second piece of the 3, scanned a few seconds later (not the scanner's double read).
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 5_000);
    scan(first.ean);
    clock.mockRestore();
    const feedback = screen.getByTestId('scan-feedback');
    expect(feedback.dataset.kind).toBe('wrong');
    expect(feedback.textContent).toBe(
      '✗ Al gepickt: 3× Bolletje Volkoren Beschuit met extra vez · Ga naar C-01-01',
    );
    expect(await floorDb().outbox.count()).toBe(1);
  });

  it("says that only the filter's picks are done when a filter narrows the list", async () => {
    // Session 45 (a picker's shift): after a round narrowed to one order the screen said every pick of the period was
    // done, while the rest of the period's orders still waited.
    const filter = { ...defaultPickFilter(), orderId: 'SW-1021' };
    await setMeta(floorDb(), 'pickFilter', filter);
    await setMeta(floorDb(), 'lastSync', { at: Date.now(), filter, total: 2 });
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');
    scan(first.ean);
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('C-01-01'));
    scan(second.ean);

    const done = await screen.findByTestId('pick-done');
    expect(done.textContent).toContain('Hoppa! je bent klaar met picken!');
    expect(done.textContent).toContain('Alle picks met deze filters zijn gedaan.');
    expect(done.textContent).not.toContain('van deze periode zijn gedaan');
  });

  it('resets the skip count and reloads the list when a switch changes (spec 2 §4)', async () => {
    const asked = pickListServer(() => pickListPage([second]));
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');
    fireEvent.click(screen.getByRole('button', { name: 'Overslaan' }));
    await waitFor(() => expect(screen.getByTestId('skip-count').textContent).toBe('Overgeslagen: 1'));
    expect(screen.getByTestId('pick-card').dataset.pickId).toBe(second.id);

    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.click(await screen.findByLabelText('Alleen orders met één product'));
    fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }));

    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.searchParams.get('single_orders')).toBe('true');
    expect(screen.getByTestId('skip-count').textContent).toBe('Overgeslagen: 0');
    await waitFor(() => expect(screen.getByTestId('pick-remaining').textContent).toBe('Nog 1 te picken'));
    expect(screen.getByTestId('pick-card').dataset.pickId).toBe(second.id);
  });

  it('keeps a pick sent while a list download was on its way out of the list that download brings', async () => {
    // The list's pages were read on the server before the pick's confirm, which the outbox sent meanwhile: the older
    // list lands after the answer and must not bring the pick back as open (picked twice).
    let release: (r: Response) => void = () => undefined;
    const asked = pickListServer(() => new Promise<Response>((resolve) => (release = resolve)));
    const serve = browser.server;
    browser.server = (req) => {
      const line = first.orders[0];
      if (!new URL(req.url).pathname.endsWith('/pick_list/confirm') || !line) return serve(req);
      const picked = {
        order_line_id: line.order_line_id,
        order_id: line.order_id,
        quantity: 3,
        picked_quantity: 3,
      };
      return json(200, { ok: true, lines: [{ ...picked, picked: true }], stock: [] });
    };
    await openAndFilter(asked);
    scan(first.ean);
    await waitFor(async () => expect((await floorDb().picks.get(first.id))?.status).toBe('sent'));
    // The server's list also holds an item that came meanwhile, which must arrive.
    const third = pickItem({ rack: 'D-01-01' });
    release(pickListPage([first, second, third]));
    await waitFor(async () => expect((await getMeta(floorDb(), 'lastSync'))?.total).toBe(3));
    expect((await floorDb().picks.get(first.id))?.status).toBe('sent');
    await waitFor(() => expect(screen.getByTestId('pick-remaining').textContent).toBe('Nog 2 te picken'));
    expect(screen.getByTestId('pick-card').dataset.pickId).toBe(second.id);
  });

  it('keeps a pick moved at the shelf out of reach of a list download that was on its way', async () => {
    // The download's pages were read on the server before the picker reported the location empty; the report is
    // queued under the product (stock:<product>), answered meanwhile, and the older list lands after: it must not send
    // the picker back to the empty location.
    const moving = pickItem({
      rack: 'A-01-01',
      other_locations: [{ loc_id: 'a1'.repeat(12), rack: 'P-02-03', rack_parent: 'P-02', stock: 40 }],
    });
    await floorDb().picks.clear();
    await seedPicks(floorDb(), [moving, second]);
    let release: (r: Response) => void = () => undefined;
    const asked = pickListServer(() => new Promise<Response>((resolve) => (release = resolve)));
    const serve = browser.server;
    browser.server = (req) =>
      new URL(req.url).pathname.endsWith('/pick_list/problem')
        ? json(200, { id: 'c'.repeat(24), product_id: moving.product__id, needs_recount: true })
        : serve(req);
    await openAndFilter(asked);
    fireEvent.click(screen.getByTestId('pick-problem'));
    fireEvent.click(await screen.findByTestId('problem-not-present'));
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('P-02-03'));
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(0));
    release(pickListPage([moving, second]));
    await waitFor(async () => expect((await getMeta(floorDb(), 'lastSync'))?.filter.singleOrders).toBe(true));
    expect((await floorDb().picks.get(moving.id))?.item).toMatchObject({
      rack: 'P-02-03',
      needs_recount: true,
    });
    expect(screen.getByTestId('pick-location').textContent).toBe('P-02-03');
  });

  it('keeps the filter the picker applied when the first download answers after it', async () => {
    const { asked, releaseFirst } = await freshDeviceWithSlowFirstDownload(second);
    // The first load (default filter) is still on its way when the picker narrows to single-line orders.
    await waitFor(() => expect(asked).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.click(await screen.findByLabelText('Alleen orders met één product'));
    fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    // Stored (not only shown while its rounds would load: ADR 0069) before the old answer comes.
    await waitFor(() => expect(screen.getByTestId('pick-remaining').textContent).toBe('Nog 1 te picken'));
    expect(screen.getByTestId('pick-card').dataset.pickId).toBe(second.id);
    releaseFirst([first]);
    // The late answer of the old filter is dropped: the list and the filter stay the picker's.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('pick-card').dataset.pickId).toBe(second.id);
    expect(screen.getByTestId('pick-remaining').textContent).toBe('Nog 1 te picken');
    expect((await getMeta(floorDb(), 'pickFilter'))?.singleOrders).toBe(true);
  });

  it("shows a first download's first pick while its rounds load, read only until the list is stored", async () => {
    await clearFloorDb();
    await setMeta(floorDb(), 'session', currentUser('picker'));
    // The list carries the first of the round's three orders; the other two come with /pick_list/orders/.
    const round = pickItem({ rack: 'E-04-02', ean: '8710400000028', lines: [1, 2, 4] });
    const listed = { ...round, orders: round.orders.slice(0, 1), round_orders: 3 };
    let releaseRounds: (r: Response) => void = () => undefined;
    pickListServer(
      () => pickListPage([listed]),
      () => new Promise<Response>((resolve) => (releaseRounds = resolve)),
    );
    renderFloor('/pick', { lang: 'nl' });

    // Before the rounds answer: the card with the whole round's quantity and order count, nothing stored yet.
    expect((await screen.findByTestId('pick-location')).textContent).toBe('E-04-02');
    expect(screen.getByTestId('pick-quantity').textContent).toBe('7');
    expect(screen.getByTestId('pick-order').textContent).toContain('+2 orders');
    // The footer counts the downloaded list, not the (still empty) store.
    expect(screen.getByTestId('pick-remaining').textContent).toBe('Nog 1 te picken');
    expect(await floorDb().picks.count()).toBe(0);
    // It cannot be confirmed yet: a scan of its EAN queues nothing.
    scan('8710400000028');
    await new Promise((r) => setTimeout(r, 20));
    expect(await floorDb().outbox.count()).toBe(0);

    releaseRounds(
      json(200, { items: [{ id: round.id, orders: round.orders, total: 3 }], skip: 0, limit: 30 }),
    );
    await waitFor(() => expect(screen.getByTestId('pick-remaining').textContent).toBe('Nog 1 te picken'));
    expect(screen.getByTestId('pick-card').dataset.pickId).toBe(round.id);
    expect((await floorDb().picks.get(round.id))?.item.orders).toHaveLength(3);
  });

  it('shows the first pick from the small first page while the rest of the list downloads (ADR 0076)', async () => {
    await clearFloorDb();
    await setMeta(floorDb(), 'session', currentUser('picker'));
    const items = Array.from({ length: PICK_FIRST_PAGE_SIZE + 5 }, (_, i) =>
      pickItem({ rack: `F-${String(i).padStart(2, '0')}-01` }),
    );
    let releaseRest: () => void = () => undefined;
    const asked = pickListServer((url) => {
      const skip = Number(url.searchParams.get('skip'));
      const limit = Number(url.searchParams.get('limit'));
      const page = json(200, { items: items.slice(skip, skip + limit), total: items.length, skip, limit });
      return skip === 0 ? page : new Promise<Response>((resolve) => (releaseRest = () => resolve(page)));
    });
    renderFloor('/pick', { lang: 'nl' });

    // The card is there while the second page is still on its way; the footer counts the whole list.
    expect((await screen.findByTestId('pick-location')).textContent).toBe('F-00-01');
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked.map((u) => [u.searchParams.get('skip'), u.searchParams.get('limit')])).toEqual([
      ['0', String(PICK_FIRST_PAGE_SIZE)],
      [String(PICK_FIRST_PAGE_SIZE), String(PICK_PAGE_SIZE)],
    ]);
    expect(screen.getByTestId('pick-remaining').textContent).toBe(`Nog ${items.length} te picken`);
    expect(await floorDb().picks.count()).toBe(0);

    releaseRest();
    await waitFor(async () => expect(await floorDb().picks.count()).toBe(items.length));
    await waitFor(() => expect(screen.getByTestId('pick-card').dataset.pickId).toBe(items[0]?.id));
    expect(screen.getByTestId('pick-remaining').textContent).toBe(`Nog ${items.length} te picken`);
  });

  it('keeps what the picker typed in the open filter when a download finishes meanwhile', async () => {
    const { asked, releaseFirst } = await freshDeviceWithSlowFirstDownload(second);
    await waitFor(() => expect(asked).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.input(await screen.findByLabelText('Tot en met'), { target: { value: '2031-05-06T23:59' } });
    // The first load lands while the drawer is open and stores its (default) filter again.
    releaseFirst([first]);
    await screen.findByTestId('pick-card');
    expect((screen.getByLabelText('Tot en met') as HTMLInputElement).value).toBe('2031-05-06T23:59');
    fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]?.pathname).toContain(encodeURIComponent('2031-05-06T21:59:00.000Z'));
  });

  it('leaves the focus and the typing in the open filter when the first load ends meanwhile (ADR 0127 §6)', async () => {
    const { asked, releaseFirst } = await freshDeviceWithSlowFirstDownload(second);
    await waitFor(() => expect(asked).toHaveLength(1));
    await openFilterDrawer();
    const orderId = screen.getByLabelText('Ordernummer') as HTMLInputElement;
    orderId.focus();
    typeKeys('SHIFT');
    expect(document.activeElement).toBe(orderId);
    // The first load ends while the picker types: its list is stored and shown behind the drawer.
    releaseFirst([first]);
    await waitFor(async () => expect((await getMeta(floorDb(), 'lastSync'))?.total).toBe(1));
    await waitFor(() => expect(screen.getByTestId('pick-card').dataset.pickId).toBe(first.id));
    await new Promise((r) => setTimeout(r, 50));
    typeKeys('-RC');
    expect(document.activeElement).toBe(orderId);
    expect(orderId.value).toBe('SHIFT-RC');
    expect((screen.getByTestId('scan-input') as HTMLInputElement).value).toBe('');
    // Applied, the order number narrows the next download; the drawer's closing gives the scan field its focus back.
    fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]?.searchParams.get('order_id')).toBe('SHIFT-RC');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('scan-input')));
  });
});
