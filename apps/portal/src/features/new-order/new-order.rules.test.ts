import type { Order } from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { attachmentFileProblem } from '../../components/order-attachments/attachment-rules.ts';
import {
  addLine,
  canJumpTo,
  createOrderBody,
  emptyDraft,
  type NewOrderDraftState,
  openingStep,
  productHitsCurrent,
  productSearchRuns,
  resendPrefill,
  setLineQuantity,
  splitHouseNumber,
  stepBlock,
  wizardSteps,
} from './new-order.rules.ts';

const NOW = new Date('2026-03-02T11:00:00Z');
const LINE = { product_id: 'a'.repeat(24), title: 'Ontbijtkoek', ean: '8712345678906', quantity: 2 };
const ADDRESS = {
  name: 'Sanne',
  surename: 'de Boer',
  company: '',
  streetname: 'Keizersgracht',
  housenumber: '125',
  houseNumberExtension: '',
  postalcode: '1015 CJ',
  city: 'Amsterdam',
  countryCode: 'NL',
  email: 'sanne@example.nl',
  phone: '',
};
const full = (over: Partial<NewOrderDraftState> = {}): NewOrderDraftState => ({
  ...emptyDraft(),
  order_type: 'manual_order',
  products: [LINE],
  address: ADDRESS,
  ship_option: 'OWN-SHIPMENT',
  reason: 'webshop_order',
  ...over,
});

describe('wizard steps (spec 1 §2, §4)', () => {
  it('has four steps for manual orders and six for B2B, bol LVB and Amazon FBA', () => {
    expect(wizardSteps(null)).toEqual(['type', 'products', 'address', 'confirmation']);
    expect(wizardSteps('manual_order')).toHaveLength(4);
    for (const t of ['b2b_order', 'bol_lvb_order', 'amazon_fba_order'])
      expect(wizardSteps(t)).toEqual([
        'type',
        'products',
        'shipmentType',
        'delivery',
        'address',
        'confirmation',
      ]);
  });

  it('opens at step 0, at 1 with products, at 2 with a valid address too', () => {
    expect(openingStep(emptyDraft(), NOW)).toBe(0);
    expect(openingStep(full({ address: { ...ADDRESS, city: '' } }), NOW)).toBe(1);
    expect(openingStep(full(), NOW)).toBe(2);
  });

  it('blocks each step with the first failure of spec 1 §5, in order', () => {
    expect(stepBlock('type', emptyDraft())).toBe('type');
    expect(stepBlock('products', full({ products: [] }))).toBe('products');
    expect(stepBlock('address', full({ address: { ...ADDRESS, name: '', city: '' } }))).toBe('firstName');
    expect(stepBlock('address', full({ ship_option: null }))).toBeNull();
    expect(stepBlock('confirmation', full({ ship_option: null }))).toBe('shipmentMethod');
    expect(stepBlock('confirmation', full({ reason: null }))).toBe('reason');
    expect(stepBlock('confirmation', full({ attachmentText: 'Pakbon' }))).toBe('attachmentFiles');
    expect(stepBlock('confirmation', full({ fileCount: 1 }))).toBe('attachmentText');
    expect(stepBlock('confirmation', full({ fileCount: 1, attachmentText: 'Pakbon' }))).toBeNull();
  });

  it('keeps the box/pallet step until count ≥ 1 and a date at least 3 days out', () => {
    const b2b = full({ order_type: 'b2b_order', count: 0, deliveryDate: '2026-03-05' });
    expect(stepBlock('delivery', b2b, { now: NOW })).toBe('deliveryCount');
    expect(stepBlock('delivery', { ...b2b, count: 2, deliveryDate: '2026-03-04' }, { now: NOW })).toBe(
      'deliveryDate',
    );
    expect(stepBlock('delivery', { ...b2b, count: 2 }, { now: NOW })).toBeNull();
    expect(stepBlock('shipmentType', b2b, { now: NOW })).toBeNull();
  });

  it('lets a progress circle jump back always, forward only past steps that can be left', () => {
    const d = full({ address: { ...ADDRESS, email: '' } });
    expect(canJumpTo(0, 2, d, NOW)).toBe(true);
    expect(canJumpTo(2, 0, d, NOW)).toBe(true);
    expect(canJumpTo(3, 0, d, NOW)).toBe(false);
    expect(canJumpTo(3, 0, full(), NOW)).toBe(true);
  });
});

describe('resend prefill (spec 1 §4)', () => {
  const order = (details: Order['shipmentDetails']): Order =>
    ({
      shipmentDetails: details,
      products: [
        { ...LINE, id: 'l1', cancellationRequest: false },
        { ...LINE, product_id: 'b'.repeat(24), id: 'l2', cancellationRequest: true },
      ],
    }) as unknown as Order;

  it('splits the digits off a street without house number: the digits the number, the rest the addition', () => {
    expect(splitHouseNumber('Kerkstraat 12a', '', '')).toEqual({
      street: 'Kerkstraat',
      houseNumber: '12',
      addition: 'a',
    });
    expect(splitHouseNumber('Laan van Meerdervoort 1002-B', '', '')).toEqual({
      street: 'Laan van Meerdervoort',
      houseNumber: '1002',
      addition: 'B',
    });
    expect(splitHouseNumber('12 Rue de Rivoli', '', '')).toEqual({
      street: 'Rue de Rivoli',
      houseNumber: '12',
      addition: '',
    });
    expect(splitHouseNumber('Kerkstraat 12', '14', 'b')).toEqual({
      street: 'Kerkstraat 12',
      houseNumber: '14',
      addition: 'b',
    });
    expect(splitHouseNumber('Kerkstraat', '', '')).toEqual({
      street: 'Kerkstraat',
      houseNumber: '',
      addition: '',
    });
  });

  it('fills a manual order with the products and the address, and opens at the address step', () => {
    const d = resendPrefill(
      order({
        firstName: 'Sanne',
        surname: 'de Boer',
        streetName: 'Keizersgracht 125 A',
        zipCode: '1015 CJ',
        city: 'Amsterdam',
        email: 'sanne@example.nl',
        deliveryPhoneNumber: '0612345678',
      }),
    );
    expect(d.order_type).toBe('manual_order');
    expect(d.products).toEqual([LINE]);
    expect(d.address).toMatchObject({
      streetname: 'Keizersgracht',
      housenumber: '125',
      houseNumberExtension: 'A',
      countryCode: 'NL',
      phone: '0612345678',
    });
    expect(d.ship_option).toBeNull();
    expect(openingStep(d, NOW)).toBe(2);
  });
});

describe('lines, search and files (spec 1 §5)', () => {
  it('adds 1 for a non-positive amount, sums a product added twice, stops the quantity at 1', () => {
    expect(addLine([], { ...LINE, quantity: 0 })[0]?.quantity).toBe(1);
    expect(addLine([LINE], { ...LINE, quantity: 3 })).toEqual([{ ...LINE, quantity: 5 }]);
    expect(setLineQuantity([LINE], LINE.product_id, 0)[0]?.quantity).toBe(1);
  });

  it('searches by EAN from 3 to 20 characters, or lists everything when empty', () => {
    expect(productSearchRuns('')).toBe(true);
    expect(productSearchRuns('87')).toBe(false);
    expect(productSearchRuns('871')).toBe(true);
    expect(productSearchRuns('8'.repeat(21))).toBe(false);
  });

  it('lets a hit be added only when the list answers what is typed now', () => {
    // Typed an EAN, the first products still listed (debounce running, or its answer on the way): not addable.
    expect(productHitsCurrent('8710532454746', '', false)).toBe(false);
    expect(productHitsCurrent('8710532454746', '8710532454746', true)).toBe(false);
    expect(productHitsCurrent('8710532454746', '8710532454746', false)).toBe(true);
    // Texts that do not search list the first products: the empty search answers them.
    expect(productHitsCurrent('87', '', false)).toBe(true);
    expect(productHitsCurrent(' 871 ', '871', false)).toBe(true);
  });

  it('allows PDFs up to 5 MB only, with the spec messages', () => {
    expect(attachmentFileProblem({ name: 'a.pdf', size: 10, type: 'application/pdf' }, 'en')).toBeNull();
    expect(attachmentFileProblem({ name: 'a.png', size: 10, type: 'image/png' }, 'en')).toBe(
      'Only PDF files are allowed.',
    );
    expect(attachmentFileProblem({ name: 'big.pdf', size: 5_242_881, type: 'application/pdf' }, 'en')).toBe(
      'File "big.pdf" exceeds the maximum size of 5MB.',
    );
  });

  it('builds the create body; B2B-like orders carry their box/pallet data', () => {
    const manual = createOrderBody(full());
    expect(manual).not.toHaveProperty('deliveryBoxes');
    expect(manual.attachments).toEqual({ available: false, instructions: undefined });
    const b2b = createOrderBody(
      full({
        order_type: 'b2b_order',
        unit: 'pallet',
        count: 2,
        deliveryDate: '2026-03-09',
        shipmentType: 'pickup',
      }),
    );
    expect(b2b).toMatchObject({
      order_type: 'b2b_order',
      deliveryBoxes: 2,
      deliveryUnit: 'pallet',
      deliveryDateTime: '2026-03-09',
      shipmentType: 'pickup',
    });
  });
});
