// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import type { PickItem } from '@hoppa/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxSender } from '../../app/sync.ts';
import { floorDb, setMeta } from '../../offline/db.ts';
import { browser, json } from '../../test/dom-setup.ts';
import { hexId, pickItem, seedPicks } from '../../test/fixtures.ts';
import { clearFloorDb, currentUser, renderFloor, wedgeInto } from '../../test/render.tsx';
import { defaultPickFilter } from './pick.rules.ts';

/** A picker offline with `items` on the device (as the pick screen tests do). */
async function offlineWith(items: PickItem[]) {
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

async function queued() {
  return (await floorDb().outbox.orderBy('seq').toArray()).map((r) => r.body);
}

describe('pick screen at the shelf (issue 11; spec 2 §2 sub-menu, §4 recount, pick note)', () => {
  beforeEach(async () => {
    browser.reset();
    await clearFloorDb();
  });
  afterEach(() => {
    cleanup();
    outboxSender().stop();
  });

  it("'not present' records it and sends the picker to the product's next location with stock, picked from there", async () => {
    const alt = hexId(0xa1);
    const item = pickItem({
      rack: 'A-01-01',
      other_locations: [{ loc_id: alt, rack: 'P-02-03', rack_parent: 'P-02', stock: 40 }],
    });
    await offlineWith([item, pickItem({ rack: 'B-01-01' })]);
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');
    fireEvent.click(screen.getByTestId('pick-problem'));
    fireEvent.click(await screen.findByTestId('problem-not-present'));
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('P-02-03'));
    expect(screen.getByTestId('pick-notice').textContent).toBe(
      'Gemeld. Ga naar P-02-03: daar ligt nog voorraad.',
    );
    expect(await queued()).toEqual([
      { op: 'problem', product_id: item.product__id, location_id: item.loc_id, kind: 'not_present' },
    ]);
    // The old location's label is wrong now; the new one confirms the pick from there.
    scan(item.loc_id as string);
    expect(screen.getByTestId('scan-feedback').dataset.kind).toBe('wrong');
    scan(alt);
    expect(screen.getByTestId('scan-feedback').dataset.kind).toBe('valid');
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(2));
    expect((await queued())[1]).toMatchObject({ location_id: alt, quantity: 1 });
  });

  it("'insufficient' asks how many lie there; without another location the pick is skipped", async () => {
    const item = pickItem({ rack: 'A-01-01', lines: [5] });
    await offlineWith([item, pickItem({ rack: 'B-01-01' })]);
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');
    fireEvent.click(screen.getByTestId('pick-problem'));
    fireEvent.click(await screen.findByTestId('problem-insufficient'));
    fireEvent.input(await screen.findByTestId('problem-seen'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Melden' }));
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('B-01-01'));
    expect(screen.getByTestId('skip-count').textContent).toBe('Overgeslagen: 1');
    expect(screen.getByTestId('pick-notice').textContent).toBe(
      'Gemeld. Geen andere locatie met voorraad: overgeslagen.',
    );
    expect(await queued()).toEqual([
      {
        op: 'problem',
        product_id: item.product__id,
        location_id: item.loc_id,
        kind: 'insufficient',
        seen: 2,
      },
    ]);
    // The skipped pick keeps the report, so its card says so when the picker comes back to it (as after a download).
    expect((await floorDb().picks.get(item.id))?.item).toMatchObject({
      needs_recount: true,
      shelf_problem: 'insufficient',
    });
  });

  it("'insufficient' takes only a count below what the pick needs: as many is no report", async () => {
    const item = pickItem({ rack: 'A-01-01', lines: [5] });
    await offlineWith([item, pickItem({ rack: 'B-01-01' })]);
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');
    fireEvent.click(screen.getByTestId('pick-problem'));
    // the location code in the sheet's title is one word: it never breaks at its hyphens
    expect(screen.getByTestId('problem-rack').textContent).toBe('A-01-01');
    expect(screen.getByTestId('problem-rack').className).toBe('nowrap');
    fireEvent.click(await screen.findByTestId('problem-insufficient'));
    const seen = await screen.findByTestId('problem-seen');
    const melden = () => screen.getByRole('button', { name: 'Melden' }) as HTMLButtonElement;
    for (const enough of ['5', '9']) {
      fireEvent.input(seen, { target: { value: enough } });
      expect(melden().disabled).toBe(true);
      expect(screen.getByText('Er liggen genoeg voor deze pick (5): pak ze en scan.')).toBeTruthy();
      fireEvent.click(melden());
    }
    expect(await queued()).toEqual([]);
    fireEvent.input(seen, { target: { value: '4' } });
    expect(melden().disabled).toBe(false);
    expect(screen.queryByText(/Er liggen genoeg/)).toBeNull();
  });

  it("'low stock' is reported and flagged, and the pick goes on from this location", async () => {
    const item = pickItem({
      rack: 'A-01-01',
      product__stock: 8,
      other_locations: [{ loc_id: hexId(0xa2), rack: 'P-02-03', rack_parent: 'P-02', stock: 40 }],
    });
    await offlineWith([item, pickItem({ rack: 'B-01-01' })]);
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');
    fireEvent.click(screen.getByTestId('pick-problem'));
    fireEvent.click(await screen.findByTestId('problem-low-stock'));
    await waitFor(() =>
      expect(screen.getByTestId('pick-notice').textContent).toBe(
        'Weinig voorraad gemeld. Pick gewoon verder.',
      ),
    );
    expect(await queued()).toEqual([
      { op: 'problem', product_id: item.product__id, location_id: item.loc_id, kind: 'low_stock' },
    ]);
    await waitFor(async () => expect((await floorDb().picks.get(item.id))?.item.needs_recount).toBe(true));
    // Not skipped, not moved, no recount popup in the way: the same pick, picked here.
    expect(screen.getByTestId('pick-location').textContent).toBe('A-01-01');
    expect(screen.getByTestId('skip-count').textContent).toBe('Overgeslagen: 0');
    expect(screen.queryByTestId('recount-count')).toBeNull();
    scan(item.loc_id as string);
    expect(screen.getByTestId('scan-feedback').dataset.kind).toBe('valid');
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('B-01-01'));
    expect((await queued())[1]).toMatchObject({ location_id: item.loc_id });
  });

  it("a wrong scan's 'Ga naar …' goes when another pick comes in front (skip, a shelf problem)", async () => {
    const item = pickItem({
      rack: 'A-02-12',
      other_locations: [{ loc_id: hexId(0xa3), rack: 'P-02-03', rack_parent: 'P-02', stock: 4 }],
    });
    const next = pickItem({ rack: 'B-01-01' });
    await offlineWith([item, next]);
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');
    const verdict = () => screen.getByTestId('scan-feedback');
    scan('8711111111111');
    expect(verdict().textContent).toContain('Ga naar A-02-12');
    fireEvent.click(screen.getByRole('button', { name: /Overslaan/ }));
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('B-01-01'));
    expect(verdict().dataset.kind).toBe('none');
    expect(verdict().textContent).toBe('');
    // Round again to the first pick; a wrong scan, then 'not present' sends the picker to P-02-03.
    fireEvent.click(screen.getByRole('button', { name: /Overslaan/ }));
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('A-02-12'));
    scan('8711111111111');
    expect(verdict().textContent).toContain('Ga naar A-02-12');
    fireEvent.click(screen.getByTestId('pick-problem'));
    fireEvent.click(await screen.findByTestId('problem-not-present'));
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('P-02-03'));
    expect(verdict().dataset.kind).toBe('none');
    // A good scan's verdict stays while the next pick comes in.
    scan(hexId(0xa3));
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('B-01-01'));
    expect(verdict().dataset.kind).toBe('valid');
  });

  it("refuses a period whose 'Tot en met' lies before its 'Van', in Dutch, before asking the server", async () => {
    await setMeta(floorDb(), 'session', currentUser('picker'));
    await setMeta(floorDb(), 'pickLookups', {
      at: Date.now(),
      locations: [],
      locationGroups: [],
      cutOffGroups: [],
      methods: [],
      orgs: [],
    });
    const asked: URL[] = [];
    browser.server = (req) => {
      const url = new URL(req.url);
      if (url.pathname.includes('/pick_list/pick/')) {
        asked.push(url);
        return json(200, { items: [], total: 0, skip: 0, limit: 500 });
      }
      return json(503, { statusCode: 503, code: 'internal', message: 'not in this test' });
    };
    browser.online = true;
    renderFloor('/pick', { lang: 'nl' });
    await waitFor(() => expect(asked).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Filter' }));
    const from = (await screen.findByLabelText('Van')) as HTMLInputElement;
    const until = screen.getByTestId('filter-until') as HTMLInputElement;
    const toepassen = () => screen.getByRole('button', { name: 'Toepassen' }) as HTMLButtonElement;
    fireEvent.input(from, { target: { value: '2026-12-02T08:00' } });
    fireEvent.input(until, { target: { value: '2026-12-01T18:00' } });
    expect(screen.getByText("'Tot en met' mag niet vóór 'Van' liggen.")).toBeTruthy();
    expect(toepassen().disabled).toBe(true);
    fireEvent.click(toepassen());
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toHaveLength(1);
    // Put right, it applies.
    fireEvent.input(until, { target: { value: '2026-12-02T18:00' } });
    expect(screen.queryByText("'Tot en met' mag niet vóór 'Van' liggen.")).toBeNull();
    fireEvent.click(toepassen());
    await waitFor(() => expect(asked).toHaveLength(2));
  });

  it('requests a recount for a location without stock, and asks for the count when the product is flagged', async () => {
    const empty = pickItem({ rack: 'A-01-01', product__stock: 0 });
    const flagged = pickItem({ rack: 'B-01-01', needs_recount: true, product__stock: 3 });
    await offlineWith([empty, flagged]);
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');
    // Not flagged yet: the recount is requested, no popup.
    await waitFor(async () =>
      expect(await queued()).toEqual([{ op: 'recount', product_id: empty.product__id, recount: true }]),
    );
    expect(screen.queryByTestId('recount-count')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Overslaan/ }));
    // Flagged: the popup asks how many lie there; the count corrects the stock through the ledger.
    fireEvent.input(await screen.findByTestId('recount-count'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('recount-save'));
    await waitFor(() => expect(screen.getByTestId('pick-stock').textContent).toBe('7'));
    await waitFor(() => expect(screen.queryByTestId('recount-count')).toBeNull());
    expect((await queued())[1]).toEqual({
      op: 'correct',
      product_id: flagged.product__id,
      org_id: flagged.org_id,
      ean: flagged.ean,
      location_id: flagged.loc_id,
      curr_amount: 7,
      desc: 'Hertelling bij het picken',
    });
  });

  it('a scan into the recount popup is no count: the field keeps what was typed, the picker hears and reads why', async () => {
    const flagged = pickItem({ rack: 'B-01-01', needs_recount: true, product__stock: 3 });
    await offlineWith([flagged]);
    renderFloor('/pick', { lang: 'nl' });
    const field = (await screen.findByTestId('recount-count')) as HTMLInputElement;
    field.focus();
    fireEvent.input(field, { target: { value: '1' } });
    wedgeInto(field, flagged.ean);
    await waitFor(() =>
      expect(screen.getByText('Dat was een scan, geen aantal. Tel de stuks en typ het aantal.')).toBeTruthy(),
    );
    expect(field.value).toBe('1');
    expect(browser.vibrate).toHaveBeenCalledWith([200, 100, 200]);
    fireEvent.click(screen.getByTestId('recount-save'));
    await waitFor(() => expect(screen.queryByTestId('recount-count')).toBeNull());
    expect(await queued()).toEqual([expect.objectContaining({ op: 'correct', curr_amount: 1 })]);
  });

  it('a flagged bundle gets no count field (its stock follows from its parts): it says to count the parts, then clears the flag', async () => {
    const bundle = pickItem({ rack: 'B-01-01', needs_recount: true, product__stock: 0, is_bundle: true });
    await offlineWith([bundle]);
    renderFloor('/pick', { lang: 'nl' });
    expect((await screen.findByTestId('recount-bundle')).textContent).toBe(
      'Dit is een bundel: de voorraad volgt uit de onderdelen en wordt hier niet geteld. Tel de onderdelen in de taak Locaties.',
    );
    expect(screen.queryByTestId('recount-count')).toBeNull();
    expect(screen.queryByTestId('recount-save')).toBeNull();
    fireEvent.click(screen.getByTestId('recount-parts-done'));
    await waitFor(() => expect(screen.queryByTestId('recount-bundle')).toBeNull());
    // no correction of the bundle (the API refuses it): only its recount flag cleared
    expect(await queued()).toEqual([{ op: 'recount', product_id: bundle.product__id, recount: false }]);
    expect((await floorDb().picks.get(bundle.id))?.item.needs_recount).toBe(false);
    // Its own place holds nothing (stock 0), yet the cleared flag is not raised again at once by the zero-stock rule.
    await new Promise((r) => setTimeout(r, 50));
    expect(await queued()).toHaveLength(1);
    expect((await floorDb().picks.get(bundle.id))?.item.needs_recount).toBe(false);
  });

  it('a count of 0 clears the flag and does not raise it again at once', async () => {
    const flagged = pickItem({ rack: 'B-01-01', needs_recount: true, product__stock: 3 });
    await offlineWith([flagged]);
    renderFloor('/pick', { lang: 'nl' });
    fireEvent.input(await screen.findByTestId('recount-count'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('recount-save'));
    await waitFor(() => expect(screen.getByTestId('pick-stock').textContent).toBe('0'));
    await new Promise((r) => setTimeout(r, 50));
    expect(await queued()).toEqual([expect.objectContaining({ op: 'correct', curr_amount: 0 })]);
    expect((await floorDb().picks.get(flagged.id))?.item.needs_recount).toBe(false);
  });

  it("a scan into 'insufficient''s count is no count either", async () => {
    const item = pickItem({ rack: 'A-01-01', lines: [5] });
    await offlineWith([item]);
    renderFloor('/pick', { lang: 'nl' });
    await screen.findByTestId('pick-card');
    fireEvent.click(screen.getByTestId('pick-problem'));
    fireEvent.click(await screen.findByTestId('problem-insufficient'));
    const field = (await screen.findByTestId('problem-seen')) as HTMLInputElement;
    field.focus();
    wedgeInto(field, item.ean);
    await waitFor(() =>
      expect(screen.getByText('Dat was een scan, geen aantal. Tel de stuks en typ het aantal.')).toBeTruthy(),
    );
    expect(field.value).toBe('');
    expect((screen.getByRole('button', { name: 'Melden' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await queued()).toEqual([]);
  });

  it('shows the pick note in a popup once per pick', async () => {
    const noted = pickItem({ pick_note: 'Let op: glas, apart inpakken' });
    await offlineWith([noted]);
    renderFloor('/pick', { lang: 'nl' });
    expect((await screen.findByTestId('pick-note-popup')).textContent).toBe('Let op: glas, apart inpakken');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('pick-note-popup')).toBeNull());
  });

  it('narrows the list by the stored choices: location group, cut-off group, organisation and order number', async () => {
    await clearFloorDb();
    await setMeta(floorDb(), 'session', currentUser('picker'));
    const zone = hexId(0xb1);
    const cutOff = hexId(0xb2);
    const org = hexId(0xb3);
    await setMeta(floorDb(), 'pickLookups', {
      at: Date.now(),
      locations: [{ id: hexId(0xb4), name: 'A', parent_name: null }],
      locationGroups: [{ id: zone, name: 'Koeling' }],
      cutOffGroups: [{ id: cutOff, name: 'PostNL', cut_off: '15:00' }],
      methods: [{ code: 'LOCAL-NL', name: 'Lokaal' }],
      orgs: [{ id: org, name: 'Bakkerij Bol', open_lines: 12 }],
    });
    const asked: URL[] = [];
    browser.server = (req) => {
      const url = new URL(req.url);
      if (url.pathname.includes('/pick_list/pick/')) {
        asked.push(url);
        return json(200, { items: [], total: 0, skip: 0, limit: 500 });
      }
      return json(503, { statusCode: 503, code: 'internal', message: 'not in this test' });
    };
    browser.online = true;
    renderFloor('/pick', { lang: 'nl' });
    await waitFor(() => expect(asked).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.change(await screen.findByLabelText('Locatiegroep'), { target: { value: zone } });
    fireEvent.change(screen.getByLabelText('Cut-off groep'), { target: { value: cutOff } });
    fireEvent.change(screen.getByLabelText('Organisatie'), { target: { value: org } });
    fireEvent.input(screen.getByLabelText('Ordernummer'), { target: { value: ' BOL-77 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    const url = asked[1] as URL;
    expect(url.pathname).toContain(`/all/all/`);
    expect(url.pathname.endsWith(`/${org}`)).toBe(true);
    expect(url.searchParams.get('location_group')).toBe(zone);
    expect(url.searchParams.get('cut_off_group')).toBe(cutOff);
    expect(url.searchParams.get('order_id')).toBe('BOL-77');
    expect(url.searchParams.get('delivery')).toBeNull();
    // The foot says the list is narrowed: four filters besides the period.
    await waitFor(() => expect(screen.getByText(/· 4 extra filters$/)).toBeTruthy());
    // The filters emptied the list, not the period: it says so.
    await waitFor(() =>
      expect(screen.getByTestId('pick-empty').textContent).toBe(
        'Geen picks met deze filters in deze periode. Pas het filter aan.',
      ),
    );
  });
});

describe('several pickers at once (issue 11)', () => {
  beforeEach(async () => {
    browser.reset();
    await clearFloorDb();
  });
  afterEach(() => {
    cleanup();
    outboxSender().stop();
  });

  it('claims the pick in front of the picker, moves on from one a colleague holds, and releases on skip', async () => {
    const held = pickItem({ rack: 'A-01-01' });
    const free = pickItem({ rack: 'B-01-01' });
    const third = pickItem({ rack: 'C-01-01' });
    await offlineWith([held, free, third]);
    const calls: string[] = [];
    browser.server = async (req) => {
      const url = new URL(req.url);
      if (url.pathname.endsWith('/pick_list/claim') && req.method === 'POST') {
        const { item_id } = (await req.json()) as { item_id: string };
        calls.push(`claim ${item_id}`);
        if (item_id === held.id)
          return json(409, { statusCode: 409, code: 'claimed', message: 'Piet is picking this item' });
        return json(200, { item_id, expires_at: new Date(Date.now() + 90_000).toISOString() });
      }
      if (url.pathname.includes('/pick_list/claim/') && req.method === 'DELETE') {
        calls.push(`release ${decodeURIComponent(url.pathname.split('/').pop() ?? '')}`);
        return json(200, { released: true });
      }
      return json(503, { statusCode: 503, code: 'internal', message: 'not in this test' });
    };
    browser.online = true;
    renderFloor('/pick', { lang: 'nl' });
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('B-01-01'));
    expect(screen.getByTestId('pick-notice').textContent).toBe(
      'A-01-01 wordt al door een collega gepickt: volgende.',
    );
    await waitFor(() => expect(calls).toEqual([`claim ${held.id}`, `claim ${free.id}`]));
    fireEvent.click(screen.getByRole('button', { name: /Overslaan/ }));
    await waitFor(() => expect(screen.getByTestId('pick-location').textContent).toBe('C-01-01'));
    await waitFor(() => expect(calls).toContain(`release ${free.id}`));
    await waitFor(() => expect(calls).toContain(`claim ${third.id}`));
  });

  it('claims the pick again when a new filter starts with the one it just released', async () => {
    const first = pickItem({ rack: 'A-01-01' });
    const second = pickItem({ rack: 'B-01-01' });
    await offlineWith([first, second]);
    const calls: string[] = [];
    browser.server = async (req) => {
      const url = new URL(req.url);
      if (url.pathname.endsWith('/pick_list/claim') && req.method === 'POST') {
        const { item_id } = (await req.json()) as { item_id: string };
        calls.push(`claim ${item_id}`);
        return json(200, { item_id, expires_at: new Date(Date.now() + 90_000).toISOString() });
      }
      if (url.pathname.includes('/pick_list/claim/') && req.method === 'DELETE') {
        calls.push(`release ${decodeURIComponent(url.pathname.split('/').pop() ?? '')}`);
        return json(200, { released: true });
      }
      if (url.pathname.includes('/pick_list/pick/'))
        return json(200, { items: [first, second], total: 2, skip: 0, limit: 500 });
      return json(503, { statusCode: 503, code: 'internal', message: 'not in this test' });
    };
    browser.online = true;
    renderFloor('/pick', { lang: 'nl' });
    await waitFor(() => expect(calls).toEqual([`claim ${first.id}`]));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.input(await screen.findByLabelText('Ordernummer'), { target: { value: first.order_id } });
    fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    // The filter released the claim; the same pick is in front again, so it is claimed again after the release.
    await waitFor(() =>
      expect(calls).toEqual([`claim ${first.id}`, `release ${first.id}`, `claim ${first.id}`]),
    );
    expect(screen.getByTestId('pick-location').textContent).toBe('A-01-01');
  });
});
