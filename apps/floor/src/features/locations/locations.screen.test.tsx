// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie loads.
import '../../test/dom-setup.ts';
import type { Product, ProductLocationLink, ProductLocations } from '@hoppa/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kickOutbox, outboxSender } from '../../app/sync.ts';
import { floorDb, type StockOp, setMeta } from '../../offline/db.ts';
import { enqueueStockChange } from '../../offline/outbox.ts';
import { refreshProduct, storeProduct } from '../../offline/products.ts';
import { browser, json } from '../../test/dom-setup.ts';
import { hexId } from '../../test/fixtures.ts';
import { clearFloorDb, currentUser, renderFloor, wedgeInto } from '../../test/render.tsx';

const PRODUCT = hexId(0x51);
const ORG = hexId(0x52);
const EAN = '8712100486517';
const BIN_A = { id: hexId(0x61), name: 'R-01-01' };
const BIN_B = { id: hexId(0x62), name: 'R-01-02' };
const BIN_C = { id: hexId(0x63), name: 'R-01-03' };

/** Warehouse staff as GET /current_user answers: the grants of docs/roles.md the task needs. */
const staff = currentUser('picker', {
  curr_role: {
    key: 'warehouse_staff',
    name: 'Warehouse staff',
    grants: [
      { methods: ['*'], path: '/locations/*' },
      { methods: ['GET', 'POST', 'PUT', 'DELETE'], path: '/product/*' },
      { methods: ['POST'], path: '/correct_stock*' },
      { methods: ['GET'], path: '/products/*' },
    ],
    all_orgs: true,
  },
});

function link(loc: { id: string; name: string }, stock: number, position: number): ProductLocationLink {
  return {
    id: hexId(0x7000 + position),
    location: { id: loc.id, name: loc.name, parent_name: 'R-01', type: 'half-box', active: true },
    stock,
    active: true,
    to_transfer: false,
    transfer_quantity: null,
    position,
  };
}

function answer(locations: ProductLocationLink[], needsRecount = false): ProductLocations {
  return {
    product: {
      id: PRODUCT,
      org_id: ORG,
      name: 'Beschuit volkoren',
      ean: EAN,
      needs_recount: needsRecount,
      stock: locations.reduce((s, l) => s + l.stock, 0),
      return_instruction: null,
    },
    locations,
  };
}

/** The product as `GET /products/ean/{text}` lists it. */
function catalogueProduct(name: string): Product {
  return {
    id: PRODUCT,
    org: ORG,
    name,
    ean: EAN,
    bsku: null,
    parent: null,
    img_url: null,
    note: null,
    pick_note: null,
    pack_note: null,
    return_instruction: null,
    weight_kg: null,
    length: null,
    height: null,
    width: null,
    customs: { hs: null, value: null },
    fullfilled_bysf: true,
    active: true,
    needs_recount: false,
    sf_stock: 5,
    locations: [],
  };
}

/**
 * A fake API holding the product's locations (the server's rules of product-locations.service.ts, in small):
 * records every call; `stockChangedBy` makes the next stock update answer 409 stock_changed.
 */
function fakeApi(start: ProductLocations) {
  let state = start;
  const calls: { method: string; path: string; body: unknown; key: string | null }[] = [];
  browser.server = async (req) => {
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/api/, '');
    const body = req.method === 'GET' || req.method === 'DELETE' ? null : await req.json();
    calls.push({ method: req.method, path, body, key: req.headers.get('idempotency-key') });
    if (path === '/current_user') return json(200, staff);
    // The real endpoint refuses a text of more than 20 characters (PRODUCT_SEARCH_MAX), e.g. a label's 24-hex id.
    if (
      path.startsWith('/products/ean/') &&
      decodeURIComponent(path.slice('/products/ean/'.length)).length > 20
    )
      return json(400, {
        statusCode: 400,
        code: 'validation',
        message: 'params.text: Too big: expected string to have <=20 characters',
        issues: [
          {
            path: 'params.text',
            message: 'Too big: expected string to have <=20 characters',
            code: 'text_too_long',
            values: { field: 'text', limit: 20 },
          },
        ],
      });
    if (path.startsWith('/products/ean/'))
      return json(200, {
        products: path.endsWith(EAN) ? [catalogueProduct(state.product.name)] : [],
      });
    if (path === `/product/locations/${PRODUCT}`) return json(200, state);
    if (path === '/locations/assign') {
      const b = body as { location_id: string; amount: number; type: 'add' | 'set' };
      const loc = [BIN_A, BIN_B, BIN_C].find((l) => l.id === b.location_id);
      if (!loc) return json(404, { statusCode: 404, code: 'not_found', message: 'No such location' });
      const there = state.locations.find((l) => l.location.id === loc.id);
      state = there
        ? answer(
            state.locations.map((l) =>
              l === there ? { ...l, stock: b.type === 'set' ? b.amount : l.stock + b.amount } : l,
            ),
          )
        : answer([...state.locations, link(loc, b.amount, state.locations.length + 1)]);
      return json(200, state);
    }
    if (path.startsWith('/locations/stock/update/')) {
      const [, , , , , linkId, amount] = path.split('/');
      const expected = Number(url.searchParams.get('expected'));
      const l = state.locations.find((x) => x.id === linkId);
      if (!l) return json(404, { statusCode: 404, code: 'not_found', message: 'no link' });
      if (l.stock !== expected)
        return json(409, { statusCode: 409, code: 'stock_changed', message: `changed to ${l.stock}` });
      state = answer(state.locations.map((x) => (x.id === linkId ? { ...x, stock: Number(amount) } : x)));
      return json(200, state);
    }
    return json(404, { statusCode: 404, code: 'not_found', message: `no route ${path}` });
  };
  return {
    calls,
    get state() {
      return state;
    },
    set(next: ProductLocations) {
      state = next;
    },
  };
}

function scan(code: string) {
  const input = screen.getByTestId('scan-input');
  fireEvent.input(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

function row(name: string): HTMLElement {
  const found = screen.getAllByTestId('location-row').find((r) => r.dataset.location === name);
  if (!found) throw new Error(`no row ${name}`);
  return found;
}

function typeAmount(name: string, amount: string) {
  const input = within(row(name)).getByTestId('location-stock');
  fireEvent.focus(input);
  fireEvent.input(input, { target: { value: amount } });
  fireEvent.blur(input);
}

/** Confirms a typed stock that differs from the stock held (the popup naming expected and counted). */
async function confirmCount() {
  fireEvent.click(await screen.findByTestId('amount-confirm'));
}

const HOLDER = hexId(0x55);
const BIN_H = { id: hexId(0x65), name: 'R-01-05' };
const HOLDER_LINK = hexId(0x7555);

/** The product lying on R-01-05 with `stock` pieces, as `GET /product/locations/{id}` answers it. */
function holderAnswer(stock: number, there = true): ProductLocations {
  return {
    product: {
      id: HOLDER,
      org_id: ORG,
      name: 'Stroopwafel los',
      ean: '8712100486555',
      needs_recount: false,
      stock: there ? stock : 0,
      return_instruction: null,
    },
    locations: there ? [{ ...link(BIN_H, stock, 1), id: HOLDER_LINK }] : [],
  };
}

/** The 405 `location_held` both assignment calls answer for R-01-05 while the holder lies there. */
function heldProblem(stock: number) {
  return {
    statusCode: 405,
    code: 'location_held',
    message: 'Location R-01-05 holds other products (Stroopwafel los): clear it first',
    issues: [
      {
        path: `location_products.${HOLDER_LINK}.${HOLDER}`,
        message: `Stroopwafel los (8712100486555, Bakkerij Bol): ${stock} in stock`,
      },
    ],
  };
}

/**
 * The fake API of {@link fakeApi} with R-01-05 held by another product (`stock` pieces there): assigning the
 * product onto it by name or by its id, or moving pieces there (`POST /product/transfer/{id}`), answers 405
 * `location_held` naming the holder until its link is cleared.
 */
function heldApi(start: ProductLocations, stock: number) {
  const api = fakeApi(start);
  const serve = browser.server;
  let holding = true;
  browser.server = async (req) => {
    const path = new URL(req.url).pathname.replace(/^\/api/, '');
    if (path === `/product/locations/${HOLDER}`) {
      api.calls.push({ method: req.method, path, body: null, key: null });
      return json(200, holderAnswer(stock, holding));
    }
    if (req.method === 'DELETE' && path === `/locations/clear/${HOLDER_LINK}/${HOLDER}/${BIN_H.id}`) {
      api.calls.push({ method: req.method, path, body: null, key: req.headers.get('idempotency-key') });
      holding = false;
      return json(200, holderAnswer(stock, false));
    }
    if (path === '/product/assign_location') {
      const body = (await req.json()) as { rack_number: string };
      api.calls.push({ method: req.method, path, body, key: req.headers.get('idempotency-key') });
      if (holding) return json(405, heldProblem(stock));
      api.set(answer([...api.state.locations, link(BIN_H, 0, api.state.locations.length + 1)]));
      return json(200, api.state);
    }
    // A move there, by its scanned label or name, as POST /product/transfer/{id} answers it.
    if (path.startsWith('/product/transfer/') && req.method === 'POST') {
      const body = (await req.json()) as { location_id?: string; rack_number?: string; quantity: number };
      api.calls.push({ method: req.method, path, body, key: req.headers.get('idempotency-key') });
      if (holding) return json(405, heldProblem(stock));
      const from = path.split('/').pop();
      const moved = api.state.locations.map((l) =>
        l.id === from ? { ...l, stock: l.stock - body.quantity } : l,
      );
      api.set(answer([...moved, link(BIN_H, body.quantity, api.state.locations.length + 1)]));
      return json(200, api.state);
    }
    // The same refusal by the bin's id (a scanned label), as POST /locations/assign answers it.
    if (path === '/locations/assign') {
      const body = (await req.clone().json()) as { location_id: string; amount: number };
      if (body.location_id === BIN_H.id) {
        api.calls.push({ method: req.method, path, body, key: req.headers.get('idempotency-key') });
        if (holding) return json(405, heldProblem(stock));
        api.set(answer([...api.state.locations, link(BIN_H, body.amount, api.state.locations.length + 1)]));
        return json(200, api.state);
      }
    }
    return serve(req);
  };
  return api;
}

describe('Locations task (issue 9; spec 2 §2 Product location widget)', () => {
  beforeEach(async () => {
    browser.reset();
    await clearFloorDb();
    await setMeta(floorDb(), 'session', staff);
  });
  afterEach(() => {
    cleanup();
    outboxSender().stop();
  });

  it('opens a product by its EAN and adds a scanned location label; the server answer replaces the queued change', async () => {
    const api = fakeApi(answer([link(BIN_A, 5, 1)]));
    renderFloor('/locations', { lang: 'nl' });
    await screen.findByTestId('recent-products');
    scan(EAN);
    expect((await screen.findByTestId('product-total')).textContent).toBe('Totaal 5 st.');
    expect(screen.getByTestId('where').textContent).toBe(`/locations?product=${PRODUCT}`);

    scan(BIN_B.id.toUpperCase());
    // the label's location is not known on this device yet: never its internal id, its name once the server answers
    expect(screen.getByTestId('locations-message').textContent).toBe(
      'Locatie toegevoegd: de naam volgt als de server antwoordt.',
    );
    await waitFor(() => expect(row('R-01-02').dataset.pending).toBe('false'));
    await waitFor(() =>
      expect(screen.getByTestId('locations-message').textContent).toBe('R-01-02 toegevoegd'),
    );
    expect(screen.getByTestId('locations-message').textContent).not.toContain(BIN_B.id);
    expect(await floorDb().outbox.count()).toBe(0);
    const assign = api.calls.find((c) => c.path === '/locations/assign');
    expect(assign?.body).toEqual({
      product_id: PRODUCT,
      location_id: BIN_B.id,
      amount: 0,
      type: 'add',
      raw_scan: BIN_B.id.toUpperCase(),
    });
    expect(assign?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(row('R-01-02').dataset.pending).toBe('false');
    expect((await floorDb().products.get(PRODUCT))?.data.locations).toHaveLength(2);
    expect(browser.vibrate).toHaveBeenCalledWith(80);
  });

  it('Hertelling vragen keeps showing the requested recount (Tellen) after the server has confirmed it', async () => {
    const api = fakeApi(answer([link(BIN_A, 5, 1)]));
    const serve = browser.server;
    browser.server = async (req) => {
      const path = new URL(req.url).pathname.replace(/^\/api/, '');
      if (path !== `/product/recount/${PRODUCT}`) return serve(req);
      const body = (await req.json()) as { recount: boolean };
      api.calls.push({ method: req.method, path, body, key: req.headers.get('idempotency-key') });
      api.set({ ...api.state, product: { ...api.state.product, needs_recount: body.recount } });
      return json(200, { id: PRODUCT, needs_recount: body.recount });
    };
    renderFloor('/locations', { lang: 'nl' });
    await screen.findByTestId('recent-products');
    scan(EAN);
    await screen.findByTestId('product-total');
    fireEvent.click(screen.getByRole('button', { name: 'Hertelling vragen' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === `/product/recount/${PRODUCT}`)).toBe(true));
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(0));
    // Sent and confirmed: the worker sees the recount asked for, not the request button again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('recount-open').textContent).toBe('Hertelling gevraagd · Tellen');
    expect((await floorDb().products.get(PRODUCT))?.data.product.needs_recount).toBe(true);
  });

  it('a label scanned before the product has opened waits for it and is added to that product', async () => {
    const api = fakeApi(answer([link(BIN_A, 5, 1)]));
    const serve = browser.server;
    // the product's lookup and its locations answer slowly, as on a busy Wi-Fi
    browser.server = async (req) => {
      if (req.method === 'GET') await new Promise((r) => setTimeout(r, 150));
      return serve(req);
    };
    renderFloor('/locations', { lang: 'nl' });
    await screen.findByTestId('recent-products');
    scan(EAN);
    scan(BIN_B.id);
    await waitFor(() => expect(row('R-01-02').dataset.pending).toBe('false'));
    expect(api.calls.filter((c) => c.path.startsWith('/products/ean/')).map((c) => c.path)).toEqual([
      `/products/ean/${EAN}`,
    ]);
    expect(api.calls.find((c) => c.path === '/locations/assign')?.body).toMatchObject({
      product_id: PRODUCT,
      location_id: BIN_B.id,
    });
    expect(api.state.locations.map((l) => l.location.name)).toEqual(['R-01-01', 'R-01-02']);
  });

  it('with no product open, a location label or an unknown code says to scan a product first', async () => {
    fakeApi(answer([link(BIN_A, 5, 1)]));
    renderFloor('/locations', { lang: 'nl' });
    await screen.findByTestId('recent-products');
    scan(BIN_B.id);
    await waitFor(() =>
      expect(screen.getByTestId('locations-message').textContent).toBe(
        'Dat is een locatielabel. Scan eerst een product (EAN of SKU), daarna de locatie.',
      ),
    );
    scan('A-01-02');
    await waitFor(() =>
      expect(screen.getByTestId('locations-message').textContent).toBe(
        'Geen product gevonden voor A-01-02. Scan eerst een product (EAN of SKU), daarna de locatie.',
      ),
    );
    expect(screen.getByTestId('where').textContent).toBe('/locations');
  });

  it('a location label scanned first after an unknown code replaces that message, with no refused search', async () => {
    const api = fakeApi(answer([link(BIN_A, 5, 1)]));
    renderFloor('/locations', { lang: 'nl' });
    await screen.findByTestId('recent-products');
    scan('8799999999999');
    await waitFor(() =>
      expect(screen.getByTestId('locations-message').textContent).toBe(
        'Geen product gevonden voor 8799999999999. Scan eerst een product (EAN of SKU), daarna de locatie.',
      ),
    );
    scan(BIN_B.id);
    await waitFor(() =>
      expect(screen.getByTestId('locations-message').textContent).toBe(
        'Dat is een locatielabel. Scan eerst een product (EAN of SKU), daarna de locatie.',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls.some((c) => c.path === `/products/ean/${BIN_B.id}`)).toBe(false);
  });

  it('a label scanned after an unknown code is not added to the product shown before it, and says so', async () => {
    const api = fakeApi(answer([link(BIN_A, 5, 1)]));
    const serve = browser.server;
    browser.server = async (req) => {
      if (req.url.includes('/products/ean/')) await new Promise((r) => setTimeout(r, 150));
      return serve(req);
    };
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    scan('8712100000017');
    scan(BIN_B.id);
    await waitFor(() =>
      expect(screen.getByTestId('locations-message').textContent).toBe(
        'Geen product gevonden voor 8712100000017. De scan daarna is niet gebruikt.',
      ),
    );
    expect(await floorDb().outbox.count()).toBe(0);
    expect(api.calls.some((c) => c.path === '/locations/assign')).toBe(false);
    expect(screen.getAllByTestId('location-row').map((r) => r.dataset.location)).toEqual(['R-01-01']);
    // the screen takes scans again: the label now goes to the product shown
    scan(BIN_B.id);
    await waitFor(() => expect(row('R-01-02').dataset.pending).toBe('false'));
  });

  it('offline: reads the stored product, queues a count and a new location as waiting, sends them in order when back', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');

    typeAmount('R-01-01', '7');
    await confirmCount();
    scan(BIN_C.id);
    await waitFor(() => expect(screen.getByTestId('product-total').textContent).toBe('Totaal 7 st.'));
    expect(row('R-01-01').dataset.pending).toBe('true');
    expect(within(row(BIN_C.id)).getByTestId('location-pending').textContent).toBe('Wacht op verzenden');
    // a provisional row with a known label can be counted at once: an assign that sets the amount
    typeAmount(BIN_C.id, '3');
    await confirmCount();
    await waitFor(() => expect(screen.getByTestId('product-total').textContent).toBe('Totaal 10 st.'));
    const rows = await floorDb().outbox.orderBy('seq').toArray();
    expect(rows.map((r) => (r.kind === 'stock.change' ? r.body.op : r.kind))).toEqual([
      'set',
      'assign',
      'assign',
    ]);
    expect(rows[0]?.body).toMatchObject({ amount: 7, expected: 5 });

    const api = fakeApi(answer([link(BIN_A, 5, 1)]));
    browser.setOnline(true);
    kickOutbox(true); // what the app's 'online' listener does (app.tsx startOutboxSync)
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(0));
    expect(
      api.calls.filter((c) => c.method !== 'GET' || c.path.includes('/stock/update/')).map((c) => c.path),
    ).toEqual([
      `/locations/stock/update/${PRODUCT}/${link(BIN_A, 0, 1).id}/7`,
      '/locations/assign',
      '/locations/assign',
    ]);
    expect(api.state.locations.map((l) => [l.location.name, l.stock])).toEqual([
      ['R-01-01', 7],
      ['R-01-03', 3],
    ]);
    await waitFor(() => expect(row('R-01-03').dataset.pending).toBe('false'));
    expect(screen.getByTestId('product-total').textContent).toBe('Totaal 10 st.');
  });

  it('keeps a change’s answer when a read of the product sent before the change lands after its answer', async () => {
    // The task reads the product on opening while the worker counts it: the read was answered on the server before the
    // count but lands after the count's answer was stored, and must not put the older amount back.
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
    const api = fakeApi(answer([link(BIN_A, 5, 1)]));
    const serve = browser.server;
    let reads = 0;
    let land: () => void = () => undefined;
    browser.server = (req) => {
      if (new URL(req.url).pathname !== `/api/product/locations/${PRODUCT}`) return serve(req);
      reads += 1;
      const read = api.state;
      return new Promise<Response>((resolve) => (land = () => resolve(json(200, read))));
    };
    const opening = refreshProduct(floorDb(), PRODUCT);
    await waitFor(() => expect(reads).toBe(1));
    const op: StockOp = {
      op: 'set',
      product_id: PRODUCT,
      location_product_id: link(BIN_A, 0, 1).id,
      amount: 7,
      expected: 5,
    };
    await enqueueStockChange(floorDb(), op, 'R-01-01 · 7');
    kickOutbox(true);
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(0));
    expect(api.state.locations[0]?.stock).toBe(7);
    land();
    await opening;
    expect((await floorDb().products.get(PRODUCT))?.data.locations.map((l) => l.stock)).toEqual([7]);
    // A read sent after the answer is the server's word again (a colleague counted 9 since).
    browser.server = serve;
    api.set(answer([link(BIN_A, 9, 1)]));
    await refreshProduct(floorDb(), PRODUCT);
    expect((await floorDb().products.get(PRODUCT))?.data.locations.map((l) => l.stock)).toEqual([9]);
  });

  it("a location's typed stock that differs asks first, naming expected and counted (confirm focused for Enter); Opnieuw tellen saves nothing", async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');

    typeAmount('R-01-01', '3');
    const text = await screen.findByTestId('amount-check');
    expect(text.textContent).toContain('R-01-01');
    expect(text.textContent).toContain('verwacht 5 · geteld 3');
    expect(text.textContent).toContain('Verschil: −2');
    const confirm = screen.getByTestId('amount-confirm');
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    expect(await floorDb().outbox.count()).toBe(0);
    // Count again: nothing saved, the field shows the stock held.
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw tellen' }));
    await waitFor(() => expect(screen.queryByTestId('amount-check')).toBeNull());
    expect((within(row('R-01-01')).getByTestId('location-stock') as HTMLInputElement).value).toBe('5');
    expect(await floorDb().outbox.count()).toBe(0);

    typeAmount('R-01-01', '3');
    await confirmCount();
    await waitFor(() => expect(screen.getByTestId('product-total').textContent).toBe('Totaal 3 st.'));
    const [queued] = await floorDb().outbox.toArray();
    expect(queued?.body).toMatchObject({ op: 'set', amount: 3, expected: 5 });
    expect(screen.getByTestId('locations-message').textContent).toBe('R-01-01: 3 st.');
    // The same number again is no change: no question.
    typeAmount('R-01-01', '3');
    expect(screen.queryByTestId('amount-check')).toBeNull();
  });

  it('shows a count refused because someone changed the stock meanwhile, and the amount the server holds', async () => {
    const api = fakeApi(answer([link(BIN_A, 5, 1)]));
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    api.set(answer([link(BIN_A, 9, 1)])); // a colleague counted 9 meanwhile
    typeAmount('R-01-01', '6');
    await confirmCount();
    expect(await screen.findByTestId('rejected-reason')).toHaveProperty(
      'textContent',
      'De voorraad is intussen door iemand anders gewijzigd. Kijk opnieuw en vul het opnieuw in.',
    );
    await waitFor(() => expect(screen.getByTestId('product-total').textContent).toBe('Totaal 9 st.'));
    expect(api.state.locations[0]?.stock).toBe(9);
    fireEvent.click(screen.getByRole('button', { name: 'Gezien' }));
    await waitFor(() => expect(screen.queryByTestId('rejected-list')).toBeNull());
  });

  it('refuses to delete a location that holds stock with the spec popup, and queues the delete of an empty one', async () => {
    const empty = link(BIN_B, 0, 2);
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1), empty]));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    fireEvent.click(within(row('R-01-01')).getByTestId('location-delete'));
    expect(await screen.findByText('Oeps! deze locatie is nog niet leeg')).toBeTruthy();
    // the popup's ✕ is a glove-sized target (the floor theme's xl close button, 44 px; Mantine's default is 28 px)
    expect(document.querySelector('.mantine-Modal-close')?.getAttribute('style')).toContain('--cb-size-xl');
    expect(screen.getByTestId('not-empty-text').textContent).toBe(
      'Controleer en verwijder de juiste locatie om verder te gaan',
    );
    // under the spec's title: which bin, and how many pieces still lie there (360 × 640 sweep, ADR 0142)
    expect(screen.getByTestId('not-empty-stock').textContent).toBe('Op R-01-01 liggen nog 5 stuks.');
    expect(screen.getByText('Oeps! deze locatie is nog niet leeg').classList).toContain(
      'loc-not-empty-title',
    );
    expect(await floorDb().outbox.count()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    fireEvent.click(within(row('R-01-02')).getByTestId('location-delete'));
    await waitFor(() => expect(screen.getAllByTestId('location-row')).toHaveLength(1));
    const [queued] = await floorDb().outbox.toArray();
    expect(queued?.body).toEqual({
      op: 'clear',
      product_id: PRODUCT,
      location_product_id: empty.id,
      location_id: BIN_B.id,
    });
  });

  it('the not-empty popup of a bin whose stock went below zero says so and asks for a count', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1), link(BIN_C, -2, 2)]));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'en' });
    await screen.findByTestId('location-list');
    fireEvent.click(within(row('R-01-03')).getByTestId('location-delete'));
    expect((await screen.findByTestId('not-empty-stock')).textContent).toBe(
      'The stock on R-01-03 stands at -2 pieces: count the location first.',
    );
    expect(screen.getByText('Oeps! deze locatie is nog niet leeg')).toBeTruthy();
    expect(await floorDb().outbox.count()).toBe(0);
  });

  it('a typed location other products hold names them; clearing the empty holder and adding it again is one confirmed step', async () => {
    const api = heldApi(answer([link(BIN_A, 5, 1)]), 0);
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    scan('R-01-05');
    const held = await screen.findByRole('alert', { name: 'R-01-05 is bezet' });
    expect((await within(held).findByTestId('held-product')).textContent).toBe(
      'Stroopwafel los · EAN 8712100486555 · 0 st.',
    );
    // the refusal is this offer, not a second line in the refused changes, and it buzzes like a wrong scan
    expect(screen.queryByTestId('rejected-list')).toBeNull();
    expect(browser.vibrate).toHaveBeenCalledWith([200, 100, 200]);
    fireEvent.click(within(held).getByRole('button', { name: 'R-01-05 leegmaken en toevoegen' }));
    expect((await screen.findByTestId('held-confirm-text')).textContent).toBe(
      'Stroopwafel los gaat van R-01-05 af. Het heeft daar 0 stuks: er wordt geen voorraad verplaatst of verwijderd. Daarna wordt R-01-05 aan Beschuit volkoren toegevoegd.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Leegmaken en toevoegen' }));
    await waitFor(() => expect(row('R-01-05').dataset.pending).toBe('false'));
    expect(screen.queryByRole('alert', { name: 'R-01-05 is bezet' })).toBeNull();
    expect(await floorDb().outbox.count()).toBe(0);
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /product/assign_location',
      `DELETE /locations/clear/${HOLDER_LINK}/${HOLDER}/${BIN_H.id}`,
      'POST /product/assign_location',
    ]);
  });

  it('a move to a label (the bin id) other products hold gets the same offer: named by the bin, cleared and moved again', async () => {
    const api = heldApi(answer([link(BIN_A, 5, 1)]), 0);
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    fireEvent.click(within(row('R-01-01')).getByTestId('location-move'));
    fireEvent.input(await screen.findByTestId('transfer-quantity'), { target: { value: '2' } });
    scan(BIN_H.id);
    const held = await screen.findByRole('alert', { name: 'R-01-05 is bezet' });
    expect(held.textContent).not.toContain(BIN_H.id);
    expect(held.textContent).toContain('Niet verplaatst: op R-01-05 liggen andere producten.');
    expect((await within(held).findByTestId('held-product')).textContent).toBe(
      'Stroopwafel los · EAN 8712100486555 · 0 st.',
    );
    // the offer, not a line in the refused changes; it buzzes like a wrong scan
    expect(screen.queryByTestId('rejected-list')).toBeNull();
    expect(browser.vibrate).toHaveBeenCalledWith([200, 100, 200]);
    fireEvent.click(within(held).getByRole('button', { name: 'R-01-05 leegmaken en erheen verplaatsen' }));
    expect((await screen.findByTestId('held-confirm-text')).textContent).toBe(
      'Stroopwafel los gaat van R-01-05 af. Het heeft daar 0 stuks: er wordt geen voorraad verplaatst of verwijderd. Daarna worden de stuks van Beschuit volkoren naar R-01-05 verplaatst.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Leegmaken en verplaatsen' }));
    await waitFor(() => expect(row('R-01-05').dataset.pending).toBe('false'));
    expect(screen.queryByRole('alert', { name: 'R-01-05 is bezet' })).toBeNull();
    expect(await floorDb().outbox.count()).toBe(0);
    expect(row('R-01-01').querySelector('input')?.value).toBe('3');
    expect(row('R-01-05').querySelector('input')?.value).toBe('2');
    const changes = api.calls.filter((c) => c.method !== 'GET');
    const move = `POST /product/transfer/${link(BIN_A, 5, 1).id}`;
    expect(changes.map((c) => `${c.method} ${c.path}`)).toEqual([
      move,
      `DELETE /locations/clear/${HOLDER_LINK}/${HOLDER}/${BIN_H.id}`,
      move,
    ]);
    expect(changes[2]?.body).toEqual({ location_id: BIN_H.id, quantity: 2, raw_scan: BIN_H.id });
  });

  it('a scanned label (the bin id) other products hold gets the same offer: named by the bin, cleared and assigned by id again', async () => {
    const api = heldApi(answer([link(BIN_A, 5, 1)]), 0);
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    scan(BIN_H.id);
    // the label's bin is named once the holder is read (never by its internal id)
    const held = await screen.findByRole('alert', { name: 'R-01-05 is bezet' });
    expect(held.textContent).not.toContain(BIN_H.id);
    expect((await within(held).findByTestId('held-product')).textContent).toBe(
      'Stroopwafel los · EAN 8712100486555 · 0 st.',
    );
    expect(screen.queryByTestId('rejected-list')).toBeNull();
    expect(browser.vibrate).toHaveBeenCalledWith([200, 100, 200]);
    fireEvent.click(within(held).getByRole('button', { name: 'R-01-05 leegmaken en toevoegen' }));
    expect((await screen.findByTestId('held-confirm-text')).textContent).toBe(
      'Stroopwafel los gaat van R-01-05 af. Het heeft daar 0 stuks: er wordt geen voorraad verplaatst of verwijderd. Daarna wordt R-01-05 aan Beschuit volkoren toegevoegd.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Leegmaken en toevoegen' }));
    await waitFor(() => expect(row('R-01-05').dataset.pending).toBe('false'));
    expect(screen.queryByRole('alert', { name: 'R-01-05 is bezet' })).toBeNull();
    expect(await floorDb().outbox.count()).toBe(0);
    const changes = api.calls.filter((c) => c.method !== 'GET');
    expect(changes.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /locations/assign',
      `DELETE /locations/clear/${HOLDER_LINK}/${HOLDER}/${BIN_H.id}`,
      'POST /locations/assign',
    ]);
    expect(changes[2]?.body).toEqual({
      product_id: PRODUCT,
      location_id: BIN_H.id,
      amount: 0,
      type: 'add',
      raw_scan: BIN_H.id,
    });
  });

  it('a scanned label refused because other products hold it no longer says it was added', async () => {
    heldApi(answer([link(BIN_A, 5, 1)]), 0);
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    scan(BIN_H.id);
    await screen.findByRole('alert', { name: 'R-01-05 is bezet' });
    await waitFor(() => expect(screen.queryByTestId('locations-message')).toBeNull());
  });

  it('a move to a typed location other products hold no longer says the pieces went there', async () => {
    heldApi(answer([link(BIN_A, 5, 1)]), 0);
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    fireEvent.click(within(row('R-01-01')).getByTestId('location-move'));
    fireEvent.change(screen.getByTestId('transfer-quantity'), { target: { value: '2' } });
    scan('R-01-05');
    await screen.findByRole('alert', { name: 'R-01-05 is bezet' });
    await waitFor(() => expect(screen.queryByTestId('locations-message')).toBeNull());
  });

  it.each([
    {
      what: 'of the same shop',
      values: { location: 'R-01-05', inbound: 'IN-0000000A', product: 'Stroopwafel los', sku: 'SW-1' },
      dutch:
        'R-01-05 is gereserveerd voor Stroopwafel los (SW-1) van inbound IN-0000000A. Kies een andere locatie.',
    },
    {
      what: 'of another shop',
      values: { location: 'R-01-05' },
      dutch: 'R-01-05 is gereserveerd voor een inbound van een andere shop. Kies een andere locatie.',
    },
    {
      what: 'named by an answer without its values',
      values: null,
      dutch: 'Deze locatie is gereserveerd voor een ander product van een inbound. Kies een andere locatie.',
    },
  ])(
    'an add queued offline onto a bin reserved for an inbound $what is refused in Dutch, naming it, and buzzes like a held bin',
    async ({ values, dutch }) => {
      const api = fakeApi(answer([link(BIN_A, 5, 1)]));
      const serve = browser.server;
      await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
      browser.online = false;
      browser.server = () => {
        throw new TypeError('Failed to fetch');
      };
      renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
      await screen.findByTestId('location-list');
      scan('R-01-05');
      // Queued offline and confirmed with the ok sound …
      await waitFor(async () => expect(await floorDb().outbox.count()).toBe(1));
      expect(screen.getByTestId('locations-message').textContent).toContain('R-01-05');
      expect(browser.vibrate).not.toHaveBeenCalledWith([200, 100, 200]);
      // … then refused: the check-in's location finder holds R-01-05 for another product (spec 2 §4).
      const message = 'Location R-01-05 is reserved: choose another location';
      browser.server = async (req) => {
        const path = new URL(req.url).pathname.replace(/^\/api/, '');
        if (path === '/product/assign_location') {
          api.calls.push({ method: req.method, path, body: await req.json(), key: null });
          return json(409, {
            statusCode: 409,
            code: 'location_reserved',
            message,
            ...(values ? { issues: [{ path: 'location', message, code: 'location_reserved', values }] } : {}),
          });
        }
        return serve(req);
      };
      browser.setOnline(true);
      kickOutbox(true);
      expect(await screen.findByTestId('rejected-reason')).toHaveProperty('textContent', dutch);
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/product/assign_location',
      ]);
      // The wrong-scan buzz once, and the line that said it was added goes, as for a held bin.
      await waitFor(() => expect(browser.vibrate).toHaveBeenCalledWith([200, 100, 200]));
      await waitFor(() => expect(screen.queryByTestId('locations-message')).toBeNull());
      expect(browser.vibrate.mock.calls.filter(([p]) => Array.isArray(p) && p[0] === 200)).toHaveLength(1);
      // Not the offer to clear of a held location: nothing there to clear.
      expect(screen.queryByRole('alert', { name: 'R-01-05 is bezet' })).toBeNull();
    },
  );

  it('a label of no location, added offline and refused with 404 when sent, says so in Dutch and buzzes', async () => {
    // 360 × 640 sweep (ADR 0142): 'Locatie toegevoegd' with the ok sound, then 'Location aaaa… not found' in English
    // in the refused list, no buzz, and the green line stayed.
    const api = fakeApi(answer([link(BIN_A, 5, 1)]));
    const serve = browser.server;
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
    browser.online = false;
    browser.server = () => {
      throw new TypeError('Failed to fetch');
    };
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    const label = 'a'.repeat(24);
    scan(label);
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(1));
    expect(screen.getByTestId('locations-message')).toBeTruthy();
    expect(browser.vibrate).not.toHaveBeenCalledWith([200, 100, 200]);
    browser.server = async (req) => {
      const path = new URL(req.url).pathname.replace(/^\/api/, '');
      if (req.method === 'POST' && path.startsWith('/locations/assign')) {
        api.calls.push({ method: req.method, path, body: await req.json(), key: null });
        return json(404, { statusCode: 404, code: 'not_found', message: `Location ${label} not found` });
      }
      return serve(req);
    };
    browser.setOnline(true);
    kickOutbox(true);
    expect(await screen.findByTestId('rejected-reason')).toHaveProperty(
      'textContent',
      'Onbekende locatie: dit label of deze naam hoort bij geen locatie in het magazijn.',
    );
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/locations/assign']);
    await waitFor(() => expect(browser.vibrate).toHaveBeenCalledWith([200, 100, 200]));
    await waitFor(() => expect(screen.queryByTestId('locations-message')).toBeNull());
  });

  it('a refused add of a label this device does not know is listed as "Onbekend label", never the 24-hex id', async () => {
    // 360 × 640 sweep (ADR 0142): the refused list read "bbbb…(24 hex) toevoegen · 100% Rooibos".
    const api = fakeApi(answer([link(BIN_A, 5, 1)]));
    const serve = browser.server;
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
    browser.online = false;
    browser.server = () => {
      throw new TypeError('Failed to fetch');
    };
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    const label = 'b'.repeat(24);
    scan(label.toUpperCase());
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(1));
    browser.server = async (req) => {
      const path = new URL(req.url).pathname.replace(/^\/api/, '');
      if (req.method === 'POST' && path.startsWith('/locations/assign')) {
        api.calls.push({ method: req.method, path, body: await req.json(), key: null });
        return json(404, { statusCode: 404, code: 'not_found', message: `Location ${label} not found` });
      }
      return serve(req);
    };
    browser.setOnline(true);
    kickOutbox(true);
    const refused = await screen.findByTestId('rejected-change');
    expect(refused.querySelector('strong')?.textContent).toBe('Onbekend label toevoegen · Beschuit volkoren');
    expect(refused.textContent?.toLowerCase()).not.toContain(label);
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/locations/assign']);
  });

  it('a move queued offline to a label this device does not know names it "onbekend label", a known one by name', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1), link(BIN_B, 0, 2)]));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    fireEvent.click(within(row('R-01-01')).getByTestId('location-move'));
    fireEvent.input(await screen.findByTestId('transfer-quantity'), { target: { value: '2' } });
    scan('c'.repeat(24));
    fireEvent.click(within(row('R-01-01')).getByTestId('location-move'));
    fireEvent.input(await screen.findByTestId('transfer-quantity'), { target: { value: '1' } });
    scan(BIN_B.id);
    await waitFor(async () => expect(await floorDb().outbox.count()).toBe(2));
    const labels = (await floorDb().outbox.toArray()).map((r) => r.label);
    expect(labels).toEqual([
      '2 st. R-01-01 → onbekend label · Beschuit volkoren',
      '1 st. R-01-01 → R-01-02 · Beschuit volkoren',
    ]);
  });

  it('offline, a refused label scan whose bin and holders this device does not know says "deze locatie", never the id', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
    await floorDb().outbox.add({
      id: 'held-by-id',
      pickId: `stock:${PRODUCT}`,
      label: 'Locatie toevoegen · Beschuit volkoren',
      status: 'rejected',
      attempts: 1,
      nextAttemptAt: 0,
      createdAt: 0,
      lastError: null,
      rejection: { status: 405, ...heldProblem(0) },
      kind: 'stock.change',
      body: { op: 'assign', product_id: PRODUCT, location_id: BIN_H.id, amount: 0, raw_scan: BIN_H.id },
    });
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    const held = await screen.findByRole('alert', { name: 'Deze locatie is bezet' });
    expect((await within(held).findByTestId('held-offline')).textContent).toBe(
      'Offline: de producten op deze locatie staan niet op dit toestel. Leegmaken en opnieuw toevoegen kan als er weer verbinding is.',
    );
    expect(held.textContent).not.toContain(BIN_H.id);
  });

  it('a holder with pieces on the location is not cleared: the offer says why and opens that product instead', async () => {
    heldApi(answer([link(BIN_A, 5, 1)]), 3);
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    scan('R-01-05');
    const held = await screen.findByRole('alert', { name: 'R-01-05 is bezet' });
    expect((await within(held).findByTestId('held-blocked')).textContent).toBe(
      'Een product met stuks op R-01-05 kan er niet af: verplaats of tel die stuks eerst weg en scan R-01-05 daarna opnieuw.',
    );
    expect(within(held).getByTestId('held-product').textContent).toContain(
      'Stroopwafel los · EAN 8712100486555 · 3 st.',
    );
    expect(within(held).queryByRole('button', { name: 'R-01-05 leegmaken en toevoegen' })).toBeNull();
    // a glove-sized button like the offer's others (Mantine's md is 42 px high, lg 50 px)
    expect(
      within(held).getByRole('button', { name: 'Stroopwafel los openen' }).getAttribute('style'),
    ).toContain('--button-height-lg');
    fireEvent.click(within(held).getByRole('button', { name: 'Stroopwafel los openen' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/locations?product=${HOLDER}`));
  });

  it('offline: the clear needs the holders on the device (else it says it needs a connection), then queues clear and assignment in order', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
    // the assignment was refused while online; the network is gone since
    await floorDb().outbox.add({
      id: 'held-row',
      pickId: `stock:${PRODUCT}`,
      label: 'R-01-05 toevoegen · Beschuit volkoren',
      status: 'rejected',
      attempts: 1,
      nextAttemptAt: 0,
      createdAt: 0,
      lastError: null,
      rejection: {
        status: 405,
        code: 'location_held',
        message: 'Location R-01-05 holds other products (Stroopwafel los): clear it first',
        issues: [
          { path: `location_products.${HOLDER_LINK}.${HOLDER}`, message: 'Stroopwafel los: 0 in stock' },
        ],
      },
      kind: 'stock.change',
      body: { op: 'assign_by_name', product_id: PRODUCT, rack_number: 'R-01-05', raw_scan: 'R-01-05' },
    });
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    const held = await screen.findByRole('alert', { name: 'R-01-05 is bezet' });
    expect((await within(held).findByTestId('held-offline')).textContent).toBe(
      'Offline: de producten op R-01-05 staan niet op dit toestel. Leegmaken en opnieuw toevoegen kan als er weer verbinding is.',
    );
    expect(within(held).queryByRole('button', { name: 'R-01-05 leegmaken en toevoegen' })).toBeNull();

    // the holder read earlier on this device: the clear can be built and waits in the outbox like any change
    await storeProduct(floorDb(), holderAnswer(0));
    fireEvent.click(await within(held).findByRole('button', { name: 'R-01-05 leegmaken en toevoegen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leegmaken en toevoegen' }));
    await waitFor(() =>
      expect(screen.getByTestId('locations-message').textContent).toBe(
        'R-01-05 wordt leeggemaakt en toegevoegd',
      ),
    );
    const rows = await floorDb().outbox.orderBy('seq').toArray();
    expect(rows.map((r) => [r.status, r.body])).toEqual([
      [
        'pending',
        { op: 'clear', product_id: HOLDER, location_product_id: HOLDER_LINK, location_id: BIN_H.id },
      ],
      ['pending', { op: 'assign_by_name', product_id: PRODUCT, rack_number: 'R-01-05', raw_scan: 'R-01-05' }],
    ]);
    expect(row('R-01-05').dataset.pending).toBe('true');
  });

  it('names the holders of a refused move of a product that is not open, in the refused list', async () => {
    // the holder was read on this device before; the refused move is of Beschuit volkoren, which is not open
    await storeProduct(floorDb(), holderAnswer(3));
    await floorDb().outbox.add({
      id: 'held-move',
      pickId: `stock:${PRODUCT}`,
      label: '2 st. R-01-01 → R-01-05 · Beschuit volkoren',
      status: 'rejected',
      attempts: 1,
      nextAttemptAt: 0,
      createdAt: 0,
      lastError: null,
      rejection: (({ statusCode, ...rest }) => ({ status: statusCode, ...rest }))(heldProblem(3)),
      kind: 'stock.change',
      body: {
        op: 'transfer',
        product_id: PRODUCT,
        location_product_id: 'l'.repeat(24),
        to: { rack_number: 'R-01-05' },
        quantity: 2,
      },
    });
    browser.online = false;
    renderFloor('/locations', { lang: 'nl' });
    let list = await screen.findByTestId('rejected-list');
    await waitFor(() =>
      expect(within(list).getByTestId('rejected-change').textContent).toContain(
        'Op deze locatie liggen andere producten (Stroopwafel los): open dit product om de locatie leeg te maken.',
      ),
    );
    cleanup();
    // online, with the holder not on the device: it is read from the server once
    await floorDb().products.delete(HOLDER);
    const api = heldApi(answer([link(BIN_A, 5, 1)]), 3);
    browser.online = true;
    renderFloor('/locations', { lang: 'nl' });
    list = await screen.findByTestId('rejected-list');
    await waitFor(() =>
      expect(within(list).getByTestId('rejected-change').textContent).toContain(
        'Op deze locatie liggen andere producten (Stroopwafel los): open dit product om de locatie leeg te maken.',
      ),
    );
    expect(api.calls.filter((c) => c.path === `/product/locations/${HOLDER}`)).toHaveLength(1);
  });

  it('moves part of the stock by scanning the new location, and checks the quantity first', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    fireEvent.click(within(row('R-01-01')).getByTestId('location-move'));
    const qty = await screen.findByTestId('transfer-quantity');
    expect((qty as HTMLInputElement).value).toBe('5');
    fireEvent.input(qty, { target: { value: '8' } });
    scan('R-01-09');
    expect(screen.getByTestId('locations-message').textContent).toBe('Er liggen maar 5 stuks op R-01-01.');
    scan('r-01-01');
    expect(screen.getByTestId('locations-message').textContent).toBe(
      'Dat is dezelfde locatie: scan een andere.',
    );
    fireEvent.input(qty, { target: { value: '2' } });
    scan('R-01-09');
    await waitFor(() => expect(screen.getAllByTestId('location-row')).toHaveLength(2));
    expect(screen.queryByTestId('transfer-panel')).toBeNull();
    expect(row('R-01-01').querySelector('input')?.value).toBe('3');
    expect(row('R-01-09').querySelector('input')?.value).toBe('2');
    const [queued] = await floorDb().outbox.toArray();
    expect(queued?.body).toMatchObject({ op: 'transfer', to: { rack_number: 'R-01-09' }, quantity: 2 });
  });

  it('a label scanned while the quantity field has the focus is the move target, not more digits', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    fireEvent.click(within(row('R-01-01')).getByTestId('location-move'));
    const qty = (await screen.findByTestId('transfer-quantity')) as HTMLInputElement;
    qty.focus();
    fireEvent.input(qty, { target: { value: '2' } });
    wedgeInto(qty, BIN_B.id);
    // the move is queued with the typed quantity, to the scanned location; the panel closes
    await waitFor(() => expect(screen.queryByTestId('transfer-panel')).toBeNull());
    const [queued] = await floorDb().outbox.toArray();
    expect(queued?.body).toMatchObject({ op: 'transfer', to: { location_id: BIN_B.id }, quantity: 2 });
    expect(screen.getByTestId('locations-message').textContent).toBe(
      '2 st. naar de nieuwe locatie: de naam volgt als de server antwoordt.',
    );
    // The new location's row says so in words until its name is known, never by the label's internal id.
    await waitFor(() => expect(screen.getAllByTestId('location-row')).toHaveLength(2));
    const added = screen.getAllByTestId('location-row')[1] as HTMLElement;
    expect(within(added).getByTestId('location-name').textContent).toBe('Nieuwe locatie');
    expect(added.textContent).not.toContain(BIN_B.id);
    expect(within(added).getByLabelText(/^Voorraad op de nieuwe locatie/)).toBeTruthy();
    expect(browser.vibrate).not.toHaveBeenCalledWith([200, 100, 200]);
  });

  it("a label scanned into a location's stock field is added as a scan; the stock there stays", async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    const stock = within(row('R-01-01')).getByTestId('location-stock') as HTMLInputElement;
    stock.focus();
    wedgeInto(stock, BIN_C.id);
    await waitFor(() => expect(screen.getAllByTestId('location-row')).toHaveLength(2));
    expect((within(row('R-01-01')).getByTestId('location-stock') as HTMLInputElement).value).toBe('5');
    const rows = await floorDb().outbox.toArray();
    expect(rows.map((r) => r.body)).toEqual([
      expect.objectContaining({ op: 'assign', location_id: BIN_C.id }),
    ]);
  });

  it('Escape hides the scan field and the button shows it again', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)]));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    await screen.findByTestId('location-list');
    fireEvent.keyDown(screen.getByTestId('scan-input'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('scan-input')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '+ Locatie toevoegen' }));
    expect(await screen.findByTestId('scan-input')).toBeTruthy();
  });

  it('counts every location in the recount popup: one correction each, the recount flag cleared', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1), link(BIN_B, 2, 2)], true));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    fireEvent.click(await screen.findByTestId('recount-open'));
    const fields = await screen.findAllByTestId('recount-amount');
    expect(fields.map((f) => (f as HTMLInputElement).value)).toEqual(['5', '2']);
    fireEvent.input(fields[1] as HTMLElement, { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('recount-save'));
    // The count differs from the stock: the difference is shown and confirmed first.
    expect((await screen.findByTestId('recount-difference')).textContent).toBe(
      'R-01-02verwacht 2 · geteld 4Verschil: +2',
    );
    fireEvent.click(screen.getByTestId('recount-confirm'));
    await waitFor(() => expect(screen.getByTestId('product-total').textContent).toBe('Totaal 9 st.'));
    expect(screen.queryByTestId('recount-open')).toBeNull();
    const rows = await floorDb().outbox.toArray();
    expect(rows.map((r) => r.body)).toEqual([
      expect.objectContaining({
        op: 'correct',
        location_id: BIN_A.id,
        curr_amount: 5,
        ean: EAN,
        org_id: ORG,
      }),
      expect.objectContaining({ op: 'correct', location_id: BIN_B.id, curr_amount: 4 }),
    ]);
  });

  it('a recount that differs from the stock shows the difference and saves only once confirmed; an equal count saves at once', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1), link(BIN_B, 2, 2)], true));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    fireEvent.click(await screen.findByTestId('recount-open'));
    const [first] = await screen.findAllByTestId('recount-amount');
    fireEvent.input(first as HTMLElement, { target: { value: '2' } });
    // Enter in a count field saves (the fields are a form).
    fireEvent.submit(first as HTMLElement);
    const review = await screen.findByTestId('recount-review');
    expect(
      within(review)
        .getAllByTestId('recount-difference')
        .map((d) => d.textContent),
    ).toEqual(['R-01-01verwacht 5 · geteld 2Verschil: −3']);
    // The confirm button has the focus, so a scanner user's Enter confirms.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('recount-confirm')));
    expect(await floorDb().outbox.count()).toBe(0);
    // Counting again keeps what was typed.
    fireEvent.click(screen.getByTestId('recount-back'));
    const [again] = (await screen.findAllByTestId('recount-amount')) as HTMLInputElement[];
    expect(again?.value).toBe('2');
    fireEvent.click(screen.getByTestId('recount-save'));
    fireEvent.click(await screen.findByTestId('recount-confirm'));
    await waitFor(() => expect(screen.getByTestId('product-total').textContent).toBe('Totaal 4 st.'));
    expect(
      (await floorDb().outbox.toArray()).map((r) => (r.body as { curr_amount: number }).curr_amount),
    ).toEqual([2, 2]);
  });

  it('a recount equal to the stock saves straight away (the difference in English when it differs)', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)], true));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'en' });
    fireEvent.click(await screen.findByTestId('recount-open'));
    const [field] = await screen.findAllByTestId('recount-amount');
    fireEvent.input(field as HTMLElement, { target: { value: '6' } });
    fireEvent.click(screen.getByTestId('recount-save'));
    expect((await screen.findByTestId('recount-difference')).textContent).toBe(
      'R-01-01expected 5 · counted 6Difference: +1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Count again' }));
    const [back] = await screen.findAllByTestId('recount-amount');
    fireEvent.input(back as HTMLElement, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('recount-save'));
    await waitFor(() => expect(screen.queryByTestId('recount-open')).toBeNull());
    expect(screen.queryByTestId('recount-review')).toBeNull();
    expect((await floorDb().outbox.toArray()).map((r) => r.body)).toEqual([
      expect.objectContaining({ op: 'correct', location_id: BIN_A.id, curr_amount: 5 }),
    ]);
  });

  it('a bundle in the recount popup gets no counts (its stock follows from its parts) but says to count the parts', async () => {
    const flagged = answer([link(BIN_A, 3, 1)], true);
    await storeProduct(floorDb(), { ...flagged, product: { ...flagged.product, is_bundle: true } });
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    fireEvent.click(await screen.findByTestId('recount-open'));
    expect((await screen.findByTestId('recount-bundle')).textContent).toBe(
      'Dit is een bundel: de voorraad volgt uit de onderdelen en wordt hier niet geteld. Tel de onderdelen: open elk onderdeel en tel het daar.',
    );
    expect(screen.queryAllByTestId('recount-amount')).toEqual([]);
    expect(screen.queryByTestId('recount-save')).toBeNull();
    // the parts counted, the bundle's recount flag is cleared; no correction is queued
    fireEvent.click(screen.getByTestId('recount-parts-done'));
    await waitFor(() => expect(screen.queryByTestId('recount-open')).toBeNull());
    const rows = await floorDb().outbox.toArray();
    expect(rows.map((r) => r.body)).toEqual([{ op: 'recount', product_id: PRODUCT, recount: false }]);
  });

  it('a scan into a count of the recount popup is no count: the count stays, the message says why', async () => {
    await storeProduct(floorDb(), answer([link(BIN_A, 5, 1)], true));
    browser.online = false;
    renderFloor(`/locations?product=${PRODUCT}`, { lang: 'nl' });
    fireEvent.click(await screen.findByTestId('recount-open'));
    const [field] = (await screen.findAllByTestId('recount-amount')) as HTMLInputElement[];
    field?.focus();
    wedgeInto(field as HTMLInputElement, EAN);
    expect((await screen.findByTestId('recount-scanned')).textContent).toBe(
      'Dat was een scan, geen aantal. Tel de stuks en typ het aantal.',
    );
    expect(field?.value).toBe('5');
    expect(browser.vibrate).toHaveBeenCalledWith([200, 100, 200]);
    expect(await floorDb().outbox.count()).toBe(0);
  });
});
