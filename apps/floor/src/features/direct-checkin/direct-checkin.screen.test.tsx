// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie loads.
import '../../test/dom-setup.ts';
import type { Inbound, Org, Product, ProductLocationLink, ProductLocations } from '@hoppa/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kickOutbox, outboxSender } from '../../app/sync.ts';
import { floorDb, setMeta } from '../../offline/db.ts';
import { storeProduct } from '../../offline/products.ts';
import { browser, json } from '../../test/dom-setup.ts';
import { hexId } from '../../test/fixtures.ts';
import { clearFloorDb, currentUser, renderFloor } from '../../test/render.tsx';

const ORG = hexId(0x52);
const JAM = { id: hexId(0x51), ean: '8712100486517', name: 'Aardbeienjam' };
const TEA = { id: hexId(0x53), ean: '8712100486524', name: 'Theedoek' };
const BIN_A = { id: hexId(0x61), name: 'R-01-01' };
const BIN_NEW = hexId(0x69);
/** The name the warehouse gave the location of label BIN_NEW (`GET /locations/{id}` answers it as `parent`). */
const BIN_NEW_NAME = 'B-07-3';
/** The label of the warehouse's quarantine location (issue 12: returned goods wait there, never picked). */
const QUARANTINE = hexId(0x6c);

const staff = currentUser('picker', {
  curr_role: {
    key: 'warehouse_staff',
    name: 'Warehouse staff',
    grants: [
      { methods: ['GET', 'POST', 'PUT'], path: '/inventory/*' },
      { methods: ['GET'], path: '/product/*' },
      { methods: ['GET'], path: '/products/*' },
      { methods: ['GET'], path: '/orgs' },
      { methods: ['GET'], path: '/locations/*' },
    ],
    all_orgs: true,
  },
});

const BOL: Org = {
  id: ORG,
  name: 'Bakkerij Bol',
  kind: 'merchant',
  active: true,
  contact_person: 'Anna Bol',
  contact_person_email: 'anna@bakkerijbol.nl',
  phone: '020 555 0100',
  address: { line1: 'Keizersgracht 1, 1015 AA Amsterdam', postalCode: '1015 AA', city: 'Amsterdam' },
  current: false,
};

function link(loc: { id: string; name: string }, stock: number): ProductLocationLink {
  return {
    id: hexId(0x7000 + stock),
    location: { id: loc.id, name: loc.name, parent_name: 'R-01', type: 'half-box', active: true },
    stock,
    active: true,
    to_transfer: false,
    transfer_quantity: null,
    position: 1,
  };
}

function locations(p: typeof JAM, links: ProductLocationLink[]): ProductLocations {
  return {
    product: {
      id: p.id,
      org_id: ORG,
      name: p.name,
      ean: p.ean,
      needs_recount: false,
      stock: 3,
      return_instruction: null,
    },
    locations: links,
  };
}

/** The product as `GET /products/ean/{text}` lists it. */
function catalogueProduct(p: typeof JAM): Product {
  return {
    id: p.id,
    org: ORG,
    name: p.name,
    ean: p.ean,
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
    sf_stock: 3,
    locations: [],
  };
}

/** The API as the screen calls it; records each call with its Idempotency-Key. */
function fakeApi() {
  const calls: { method: string; path: string; body: unknown; key: string | null }[] = [];
  browser.server = async (req) => {
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/api/, '');
    const body = req.method === 'GET' ? null : await req.json();
    calls.push({ method: req.method, path, body, key: req.headers.get('idempotency-key') });
    if (path === '/current_user') return json(200, staff);
    if (path === '/orgs') return json(200, [BOL]);
    const ean = /^\/products\/ean\/(.+)$/.exec(path)?.[1];
    if (ean) {
      const p = [JAM, TEA].find((x) => x.ean === ean);
      return json(200, { products: p ? [catalogueProduct(p)] : [] });
    }
    if (path === `/product/locations/${JAM.id}`) return json(200, locations(JAM, [link(BIN_A, 3)]));
    if (path === `/product/locations/${TEA.id}`) return json(200, locations(TEA, []));
    if (path === `/locations/${BIN_NEW}`)
      return json(200, {
        items: [],
        total: 0,
        skip: 0,
        limit: 1,
        parent: { id: BIN_NEW, name: BIN_NEW_NAME, level: 'bin', parent_id: hexId(0x60), path: [] },
      });
    if (path === `/locations/${QUARANTINE}`)
      return json(200, {
        items: [],
        total: 0,
        skip: 0,
        limit: 1,
        parent: {
          id: QUARANTINE,
          name: 'Q-RETOUR',
          level: 'bin',
          parent_id: null,
          path: [],
          quarantine: true,
        },
      });
    if (path === '/inventory/direct_checkin') {
      const b = body as { items: { amount: number }[]; information: Record<string, string> };
      const pieces = b.items.reduce((n, i) => n + i.amount, 0);
      const made: Inbound = {
        contact_person: b.information.contact_person ?? '',
        contact_person_email: b.information.contact_person_email ?? '',
        phone: b.information.phone ?? '',
        shipping_address: b.information.shipping_address ?? '',
        track_trace: b.information.track_trace ?? '',
        id: hexId(0x900),
        inbound_number: 'IN-00000900',
        org_id: ORG,
        org_name: 'Bakkerij Bol',
        type: 'package',
        status: 'checked_in',
        expected_delivery: b.information.expected_delivery ?? null,
        direct: true,
        created_at: '2026-11-25T10:00:00.000Z',
        checked_in_at: '2026-11-25T10:00:00.000Z',
        created_by: { first_name: 'Piet', family_name: 'Picker' },
        pieces_expected: pieces,
        pieces_checked_in: pieces,
        surcharge_total_eur: 0,
        items: [],
      };
      return json(201, made);
    }
    return json(404, { statusCode: 404, code: 'not_found', message: `no route ${path}` });
  };
  return calls;
}

/**
 * The device offline with the jam and the client stored on it (the network refuses every call); returns the fake
 * server to put back when the network returns.
 */
async function offlineWithStoredJam() {
  await storeProduct(floorDb(), locations(JAM, [link(BIN_A, 3)]));
  await setMeta(floorDb(), 'directOrgs', { at: Date.now(), orgs: [BOL] });
  browser.online = false;
  const server = browser.server;
  browser.server = () => {
    throw new TypeError('Failed to fetch');
  };
  return server;
}

function scan(code: string) {
  const input = screen.getByTestId('scan-input');
  fireEvent.input(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const rowOf = (name: string) => screen.getByRole('article', { name });

describe('direct check-in on the floor (issue 10 item 3; spec 2 §2 Direct check-in (beta))', {
  timeout: 20_000,
}, () => {
  beforeEach(async () => {
    browser.reset();
    await clearFloorDb();
    await setMeta(floorDb(), 'session', staff);
  });
  afterEach(() => {
    cleanup();
    outboxSender().stop();
  });

  it('adds scans of more than 10 characters on their first location, a label for the other, and checks in once', async () => {
    const calls = fakeApi();
    renderFloor('/direct-checkin');
    await screen.findByText('Nothing scanned yet.');
    scan('1234567890'); // ten characters: refused (spec 2 §9)
    expect((await screen.findByTestId('direct-notice')).textContent).toBe(
      'Scan 1234567890 is too short: a product code has more than 10 characters.',
    );
    scan(JAM.ean);
    await screen.findByRole('article', { name: JAM.name });
    scan(JAM.ean); // again: one piece more
    await waitFor(() =>
      expect(within(rowOf(JAM.name)).getByLabelText(`Pieces ${JAM.name}`)).toHaveProperty('value', '2'),
    );
    expect((within(rowOf(JAM.name)).getByLabelText(`Location ${JAM.name}`) as HTMLSelectElement).value).toBe(
      BIN_A.id,
    );
    // The tea towel has no location yet: the label scanned next goes to it (the selected row).
    scan(TEA.ean);
    await screen.findByRole('article', { name: TEA.name });
    expect(within(rowOf(TEA.name)).getByText('Scan a location label')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check in 3 pcs' }));
    expect((await screen.findByTestId('direct-problem')).textContent).toBe(
      'Theedoek has no location yet: scan a location label.',
    );
    scan(BIN_NEW.toUpperCase());
    await waitFor(() =>
      expect(
        (within(rowOf(TEA.name)).getByLabelText(`Location ${TEA.name}`) as HTMLSelectElement).value,
      ).toBe(BIN_NEW),
    );
    fireEvent.input(within(rowOf(TEA.name)).getByLabelText(`Pieces ${TEA.name}`), {
      target: { value: '10' },
    });
    // The form came from the client's organisation; the contact person is required.
    await waitFor(() => expect(screen.getByTestId('direct-client').textContent).toBe('Client: Bakkerij Bol'));
    expect((screen.getByLabelText(/Contact person email/) as HTMLInputElement).value).toBe(
      'anna@bakkerijbol.nl',
    );
    fireEvent.input(screen.getByLabelText(/^Contact person \s*\*?$/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in 12 pcs' }));
    expect((await screen.findByTestId('direct-problem')).textContent).toBe('Contact person is required.');
    expect(calls.some((c) => c.path === '/inventory/direct_checkin')).toBe(false);
    fireEvent.input(screen.getByLabelText(/^Contact person \s*\*?$/), {
      target: { value: 'Piet de Vries' },
    });
    // The phone field (the organisation's national number, country nl) refuses a number that breaks the phone rule
    // of spec 3 §5 with the rule's message, and sends the international form.
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    expect((phone as HTMLInputElement).value).toBe('020 555 0100');
    fireEvent.input(phone, { target: { value: 'bel me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in 12 pcs' }));
    expect((await screen.findByTestId('direct-problem')).textContent).toBe(
      'Please enter a valid phone number',
    );
    expect(calls.some((c) => c.path === '/inventory/direct_checkin')).toBe(false);
    fireEvent.input(phone, { target: { value: '020 555 0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in 12 pcs' }));

    expect((await screen.findByTestId('direct-done', {}, { timeout: 5000 })).textContent).toBe(
      'IN-00000900 · Bakkerij Bol · 12 pcs checked in',
    );
    // Sent: 'ready to check in' is no longer true, so that notice is gone (the Recent list says it is checked in).
    await waitFor(() => expect(screen.queryByTestId('direct-notice')).toBeNull());
    const sent = calls.filter((c) => c.path === '/inventory/direct_checkin');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]?.body).toEqual({
      org_id: ORG,
      type: 'package',
      information: {
        contact_person: 'Piet de Vries',
        contact_person_email: 'anna@bakkerijbol.nl',
        phone: '+31 20 555 0100',
        shipping_address: 'Keizersgracht 1, 1015 AA Amsterdam',
        track_trace: '',
        expected_delivery: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
      items: [
        { product_id: TEA.id, location_id: BIN_NEW, amount: 10 },
        { product_id: JAM.id, location_id: BIN_A.id, amount: 2 },
      ],
    });
    expect(screen.getByText('Nothing scanned yet.')).toBeTruthy();
  });

  it('names a scanned location label by its name: from the server online, in words when unknown offline, never by its id', async () => {
    const calls = fakeApi();
    renderFloor('/direct-checkin', { lang: 'nl' });
    await screen.findByText('Nog niets gescand.');
    scan(TEA.ean);
    await screen.findByRole('article', { name: TEA.name });
    scan(BIN_NEW);
    await waitFor(() =>
      expect(screen.getByTestId('direct-notice').textContent).toBe(`Theedoek gaat naar ${BIN_NEW_NAME}.`),
    );
    expect(calls.some((c) => c.path === `/locations/${BIN_NEW}`)).toBe(true);
    const select = within(rowOf(TEA.name)).getByLabelText(`Locatie ${TEA.name}`) as HTMLSelectElement;
    expect(select.value).toBe(BIN_NEW);
    expect(select.selectedOptions[0]?.textContent).toBe(BIN_NEW_NAME);
    expect(rowOf(TEA.name).textContent).not.toContain('…');
    // The quarantine location's label is refused with its name: fresh stock there would never be picked.
    scan(QUARANTINE);
    await waitFor(() =>
      expect(screen.getByTestId('direct-notice').textContent).toBe(
        'Locatie Q-RETOUR is een quarantainelocatie: daar wordt nooit van gepickt. Kies een andere locatie.',
      ),
    );
    expect(select.value).toBe(BIN_NEW);
    // A label the warehouse does not know is refused: the row keeps the location it had.
    scan(hexId(0x6a));
    await waitFor(() =>
      expect(screen.getByTestId('direct-notice').textContent).toBe(
        'Onbekende locatie: dit label hoort bij geen locatie in het magazijn.',
      ),
    );
    expect(select.value).toBe(BIN_NEW);

    // Offline, a label this device does not know is named in words, never by the end of its id.
    browser.online = false;
    browser.server = () => {
      throw new TypeError('Failed to fetch');
    };
    const other = hexId(0x6b);
    scan(other);
    await waitFor(() =>
      expect(screen.getByTestId('direct-notice').textContent).toBe(
        'Theedoek gaat naar de gescande locatie (nog niet bekend op dit apparaat).',
      ),
    );
    expect(select.value).toBe(other);
    expect(select.selectedOptions[0]?.textContent).toBe(
      'de gescande locatie (nog niet bekend op dit apparaat)',
    );
    expect(screen.getByTestId('direct-notice').textContent).not.toContain(other.slice(-6));
  });

  it('counts every scan when they come faster than the server answers: two of one EAN and a label at once', async () => {
    fakeApi();
    const server = browser.server;
    // Each lookup answers after 150 ms, as on a busy Wi-Fi: the second scan and the label arrive while it waits.
    browser.server = async (req) => {
      if (/\/(products\/ean|product\/locations)\//.test(req.url))
        await new Promise((r) => setTimeout(r, 150));
      return server(req);
    };
    renderFloor('/direct-checkin');
    await screen.findByText('Nothing scanned yet.');
    scan(JAM.ean);
    scan(JAM.ean);
    scan(BIN_NEW);
    await waitFor(() =>
      expect(
        (within(rowOf(JAM.name)).getByLabelText(`Location ${JAM.name}`) as HTMLSelectElement).value,
      ).toBe(BIN_NEW),
    );
    expect(within(rowOf(JAM.name)).getByLabelText(`Pieces ${JAM.name}`)).toHaveProperty('value', '2');
    expect(screen.getByTestId('direct-notice').textContent).not.toContain('first');
  });

  it('offline: a stored product is checked in through the outbox and sent once when back online', async () => {
    const calls = fakeApi();
    const server = await offlineWithStoredJam();
    renderFloor('/direct-checkin');
    await screen.findByText('Nothing scanned yet.');
    scan(JAM.ean);
    await screen.findByRole('article', { name: JAM.name });
    // The client's contact, read from the device's stored organisations, fills the form.
    await waitFor(() =>
      expect((screen.getByLabelText(/^Contact person \s*\*?$/) as HTMLInputElement).value).toBe('Anna Bol'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check in 1 pcs' }));
    expect((await screen.findByTestId('direct-waiting', {}, { timeout: 5000 })).textContent).toContain(
      'Waiting for the network',
    );
    expect(await floorDb().outbox.count()).toBe(1);

    browser.server = server;
    browser.online = true;
    kickOutbox(true);
    expect((await screen.findByTestId('direct-done', {}, { timeout: 5000 })).textContent).toBe(
      'IN-00000900 · Bakkerij Bol · 1 pcs checked in',
    );
    expect(await floorDb().outbox.count()).toBe(0);
    expect(calls.filter((c) => c.path === '/inventory/direct_checkin')).toHaveLength(1);
  });

  it.each([
    {
      what: 'a product of an inbound of the same shop',
      message: 'Location R-01-01 is reserved for Thee (SKU TEA-1) of inbound IN-0000000A: …',
      values: { location: 'R-01-01', inbound: 'IN-0000000A', product: 'Thee', sku: 'TEA-1' },
      dutch:
        'Niet ingecheckt: R-01-01 is gereserveerd voor Thee (TEA-1) van inbound IN-0000000A. Kies een andere locatie en check opnieuw in.',
    },
    {
      what: "another shop's inbound",
      message: 'Location R-01-01 is reserved for an inbound of another shop: choose another location',
      values: { location: 'R-01-01' },
      dutch:
        'Niet ingecheckt: R-01-01 is gereserveerd voor een inbound van een andere shop. Kies een andere locatie en check opnieuw in.',
    },
  ])(
    'says in Dutch why the server refused a check-in queued offline onto a bin reserved for $what, naming it, and buzzes',
    async ({ message, values, dutch }) => {
      fakeApi();
      const server = await offlineWithStoredJam();
      renderFloor('/direct-checkin', { lang: 'nl' });
      await screen.findByTestId('scan-input');
      scan(JAM.ean);
      await screen.findByRole('article', { name: JAM.name });
      await waitFor(() =>
        expect((screen.getByLabelText(/^Contactpersoon \s*\*?$/) as HTMLInputElement).value).toBe('Anna Bol'),
      );
      fireEvent.click(screen.getByRole('button', { name: '1 st. inchecken' }));
      await waitFor(async () => expect(await floorDb().outbox.count()).toBe(1));
      const buzzes = () => browser.vibrate.mock.calls.filter(([p]) => Array.isArray(p) && p[0] === 200);
      expect(buzzes()).toHaveLength(0);
      // Meanwhile check-in's location finder reserved R-01-01 for another product's inbound: the server refuses.
      browser.server = async (req) => {
        if (new URL(req.url).pathname === '/api/inventory/direct_checkin')
          return json(409, {
            statusCode: 409,
            code: 'location_reserved',
            message,
            issues: [{ path: 'location', message, code: 'location_reserved', values }],
          });
        return server(req);
      };
      browser.online = true;
      kickOutbox(true);
      const reason = await screen.findByTestId('rejected-reason', {}, { timeout: 5000 });
      expect(reason.textContent).toBe(dutch);
      // The check-in was confirmed with the ok sound when queued: its refusal buzzes once (ADR 0142).
      await waitFor(() => expect(buzzes()).toHaveLength(1));
    },
  );

  it('keeps the scans through a reload: the rows, their locations and the typed form come back, and check in once', async () => {
    const calls = fakeApi();
    renderFloor('/direct-checkin');
    await screen.findByText('Nothing scanned yet.');
    scan(JAM.ean);
    scan(JAM.ean);
    scan(TEA.ean);
    scan(BIN_NEW);
    await waitFor(() =>
      expect(
        (within(rowOf(TEA.name)).getByLabelText(`Location ${TEA.name}`) as HTMLSelectElement).value,
      ).toBe(BIN_NEW),
    );
    await waitFor(() => expect(screen.getByTestId('direct-client').textContent).toBe('Client: Bakkerij Bol'));
    fireEvent.input(screen.getByLabelText(/^Contact person \s*\*?$/), { target: { value: 'Piet de Vries' } });
    // The page reloads (the Wi-Fi dropped, the scanner's browser was closed): what was scanned is still there.
    await new Promise((r) => setTimeout(r, 300));
    cleanup();
    renderFloor('/direct-checkin');
    await screen.findByRole('article', { name: TEA.name });
    expect(within(rowOf(JAM.name)).getByLabelText(`Pieces ${JAM.name}`)).toHaveProperty('value', '2');
    expect((within(rowOf(TEA.name)).getByLabelText(`Location ${TEA.name}`) as HTMLSelectElement).value).toBe(
      BIN_NEW,
    );
    expect((screen.getByLabelText(/^Contact person \s*\*?$/) as HTMLInputElement).value).toBe(
      'Piet de Vries',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check in 3 pcs' }));
    await screen.findByTestId('direct-done', {}, { timeout: 5000 });
    expect(screen.getByText('Nothing scanned yet.')).toBeTruthy();
    // Checked in: a reload after it brings back nothing to check in a second time.
    cleanup();
    renderFloor('/direct-checkin');
    await screen.findByTestId('direct-done');
    expect(screen.getByText('Nothing scanned yet.')).toBeTruthy();
    const sent = calls.filter((c) => c.path === '/inventory/direct_checkin');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ information: { contact_person: 'Piet de Vries' } });
  });
});
