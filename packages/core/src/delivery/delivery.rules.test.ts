import { describe, expect, it } from 'vitest';
import {
  carrierTrackingUrl,
  deliveryGroup,
  distinctEventCodes,
  eventMilestone,
  iconEventCode,
  isKnownEventCode,
  percentage,
  trackingStatusOf,
} from './delivery.rules.ts';

const shippedAt = new Date('2026-11-20T10:00:00Z');
const after = (h: number) => new Date(shippedAt.getTime() + h * 3_600_000);

describe('deliveryGroup (spec 1 §4 sent-order categories)', () => {
  it('puts an unhanded parcel in not sorted and a handed-over one on the way', () => {
    expect(deliveryGroup({ shippedAt, handedOverAt: null, deliveredAt: null })).toBe('not_sorted');
    expect(deliveryGroup({ shippedAt, handedOverAt: after(2), deliveredAt: null })).toBe('on_the_way');
  });
  it('splits delivered parcels at 24 h and 48 h, the boundaries inclusive', () => {
    expect(deliveryGroup({ shippedAt, handedOverAt: after(1), deliveredAt: after(24) })).toBe('d_24h');
    expect(deliveryGroup({ shippedAt, handedOverAt: after(1), deliveredAt: after(24.1) })).toBe('d_48h');
    expect(deliveryGroup({ shippedAt, handedOverAt: after(1), deliveredAt: after(48) })).toBe('d_48h');
    expect(deliveryGroup({ shippedAt, handedOverAt: null, deliveredAt: after(49) })).toBe('d_late');
  });
});

describe('event codes', () => {
  it('knows the five codes with an icon and keeps distinct codes in first-seen order', () => {
    expect(isKnownEventCode('J05')).toBe(true);
    expect(isKnownEventCode('X99')).toBe(false);
    expect(distinctEventCodes([{ code: 'A01' }, { code: 'B01' }, { code: 'A01' }, { code: 'I11' }])).toEqual([
      'A01',
      'B01',
      'I11',
    ]);
  });
  it('rounds percentages to one decimal and answers 0 of nothing', () => {
    expect(percentage(1, 3)).toBe(33.3);
    expect(percentage(0, 0)).toBe(0);
  });
});

describe('carrierTrackingUrl (spec 1 §7 external tracking link)', () => {
  it('builds the PostNL link from code, country and postcode without spaces', () => {
    expect(carrierTrackingUrl('postnl', '3SABC123', 'nl', '3511 ar')).toBe(
      'https://jouw.postnl.nl/track-and-trace/3SABC123-NL-3511AR',
    );
  });
  it('builds DHL and GLS links and answers null for unknown carriers or no code', () => {
    expect(carrierTrackingUrl('DHL', 'JVGL1', 'NL', '3542 ad')).toBe(
      'https://www.dhlparcel.nl/nl/volg-uw-zending?tc=JVGL1&pc=3542AD',
    );
    expect(carrierTrackingUrl('local', 'HP12345678905NL', 'NL', '1011AB')).toBeNull();
    expect(carrierTrackingUrl('gls', 'G1', 'DE', '10115')).toContain('zipCode=10115');
    expect(carrierTrackingUrl('own', 'X1')).toBeNull();
    expect(carrierTrackingUrl('postnl', '  ')).toBeNull();
  });
});

describe('eventMilestone (ADR 0046: what a carrier event says of the parcel)', () => {
  it('keeps A01 at the label, moves I11 and 01B to delivered and every other scan to handed over', () => {
    expect(eventMilestone('A01')).toBe('label_created');
    expect(eventMilestone('I11')).toBe('delivered');
    expect(eventMilestone('01B')).toBe('delivered');
    for (const code of ['B01', 'J01', 'J05', 'DX01']) expect(eventMilestone(code)).toBe('handed_over');
  });
  it('shows PostNL’s delivered 01B with the I11 icon', () => {
    expect(iconEventCode('01B')).toBe('I11');
    expect(iconEventCode('J05')).toBe('J05');
  });
});

describe('trackingStatusOf: a carrier event as a status the apps translate (ADR 0118)', () => {
  it('names the codes of every carrier, a stamp letter and an own shipment by their own words, and no other code', () => {
    expect(trackingStatusOf('dhl', 'J01')).toBe('sorted');
    expect(trackingStatusOf('postnl', '01B')).toBe('delivered');
    expect(trackingStatusOf('local', 'B01')).toBe('handed_over');
    expect(trackingStatusOf('dhl', 'DX01')).toBe('delayed');
    expect(trackingStatusOf('stamp', 'B01')).toBe('letter_posted');
    expect(trackingStatusOf('own', 'I11')).toBe('delivered_reported_by_shop');
    expect(trackingStatusOf('postnl', 'P01')).toBeNull();
  });
});
