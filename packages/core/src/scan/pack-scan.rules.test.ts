import { describe, expect, it, vi } from 'vitest';
import {
  type PackCandidate,
  type PackScanState,
  packScanAfterShip,
  packScanStep,
} from './pack-scan.rules.ts';

const EAN = '8710398500014';
const OTHER_EAN = '8712345678906';
const LOCATION = '65f1a2b3c4d5e6f708192a3b';
const none: PackScanState = { selectedEan: null };
const selected: PackScanState = { selectedEan: EAN };

function candidate(over: Partial<PackCandidate> = {}): PackCandidate {
  return { orderId: '1001', quantity: 1, packNote: null, hasShipOption: true, otherLines: 0, ...over };
}

describe('packScanStep (spec 1 §4 Open orders screen barcode scan)', () => {
  it('treats 24 or more characters as a picked-location filter and keeps the selection', () => {
    const find = vi.fn();
    expect(packScanStep(selected, LOCATION, find)).toEqual({
      state: selected,
      action: { type: 'filter-location', locationId: LOCATION },
    });
    const long = `${LOCATION}-extra`;
    expect(packScanStep(none, long, find).action).toEqual({ type: 'filter-location', locationId: long });
    expect(find).not.toHaveBeenCalled();
  });

  it('selects an EAN when nothing is selected, without looking for an order', () => {
    const find = vi.fn();
    expect(packScanStep(none, EAN, find)).toEqual({
      state: { selectedEan: EAN },
      action: { type: 'select', ean: EAN },
    });
    expect(find).not.toHaveBeenCalled();
  });

  it('accepts EANs of 8 to 13 digits and trims the scan', () => {
    expect(packScanStep(none, '12345678', () => undefined).action).toEqual({
      type: 'select',
      ean: '12345678',
    });
    expect(packScanStep(none, ` ${EAN}\n`, () => undefined).action).toEqual({ type: 'select', ean: EAN });
  });

  it('replaces the selection when a different EAN is scanned', () => {
    const find = vi.fn();
    expect(packScanStep(selected, OTHER_EAN, find)).toEqual({
      state: { selectedEan: OTHER_EAN },
      action: { type: 'select', ean: OTHER_EAN },
    });
    expect(find).not.toHaveBeenCalled();
  });

  it('ships the matching order at once on the same EAN when quantity 1, no pack note and a ship option', () => {
    const order = candidate();
    const find = vi.fn(() => order);
    expect(packScanStep(selected, EAN, find)).toEqual({
      state: selected,
      action: { type: 'ship', ean: EAN, order },
    });
    expect(find).toHaveBeenCalledWith(EAN);
  });

  it('asks for confirmation when the quantity is above 1', () => {
    const order = candidate({ quantity: 2 });
    expect(packScanStep(selected, EAN, () => order).action).toEqual({ type: 'confirm', ean: EAN, order });
  });

  it('asks for confirmation when the line has a pack note', () => {
    const order = candidate({ packNote: 'Bubble wrap, fragile' });
    expect(packScanStep(selected, EAN, () => order).action).toEqual({ type: 'confirm', ean: EAN, order });
  });

  it('asks for confirmation before checking the ship option', () => {
    const order = candidate({ quantity: 3, hasShipOption: false });
    expect(packScanStep(selected, EAN, () => order).action.type).toBe('confirm');
  });

  it('asks for confirmation when the order holds other lines, even at quantity 1 without a note (never lose a unit)', () => {
    // Order SW-1017: the scanned product once and 'Cruesli Fruta' ×2; the scan alone must not ship the Cruesli unpacked.
    const order = candidate({ otherLines: 1 });
    expect(packScanStep(selected, EAN, () => order)).toEqual({
      state: selected,
      action: { type: 'confirm', ean: EAN, order },
    });
    expect(
      packScanStep(selected, EAN, () => candidate({ otherLines: 3, hasShipOption: false })).action.type,
    ).toBe('confirm');
  });

  it('ignores a blank pack note', () => {
    const order = candidate({ packNote: '   ' });
    expect(packScanStep(selected, EAN, () => order).action.type).toBe('ship');
  });

  it('does not ship when no ship option is set', () => {
    const order = candidate({ hasShipOption: false });
    expect(packScanStep(selected, EAN, () => order)).toEqual({
      state: selected,
      action: { type: 'no-ship-option', ean: EAN, order },
    });
  });

  it('reports that no order contains the EAN and keeps the selection', () => {
    expect(packScanStep(selected, EAN, () => undefined)).toEqual({
      state: selected,
      action: { type: 'no-order', ean: EAN },
    });
  });

  it('answers other formats with the warning text and leaves the state alone', () => {
    for (const raw of ['1234567', '12345678901234', 'ABC-123', '8710398x00014']) {
      expect(packScanStep(selected, raw, () => candidate())).toEqual({
        state: selected,
        action: { type: 'unknown', message: 'Onbekend formaat scan', raw },
      });
    }
  });
});

describe('packScanAfterShip', () => {
  it('clears the selection, so the next scan of the same EAN selects again instead of shipping', () => {
    const state = packScanAfterShip();
    expect(state).toEqual({ selectedEan: null });
    expect(packScanStep(state, EAN, () => candidate()).action).toEqual({ type: 'select', ean: EAN });
  });
});
