// @vitest-environment jsdom
import '../../test/dom-setup.ts';
import type { ProductLocationLink } from '@hoppa/core';
import { createI18n } from '@hoppa/web';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../app/theme.ts';
import { hexId } from '../../test/fixtures.ts';
import { LocationList } from './location-list.tsx';
import { locationsTexts } from './locations.i18n.ts';
import type { ShownLocation } from './locations.rules.ts';

afterEach(cleanup);

function row(
  n: number,
  name: string,
  report?: ProductLocationLink['shelf_problem'],
  pending = false,
): ShownLocation {
  const link: ProductLocationLink = {
    id: hexId(100 + n),
    location: { id: hexId(200 + n), name, parent_name: 'A-01', type: null, active: true },
    stock: 4,
    active: true,
    to_transfer: false,
    transfer_quantity: null,
    position: n,
    ...(report ? { shelf_problem: report } : {}),
  };
  return {
    key: link.id,
    link,
    locationId: link.location.id,
    name,
    parentName: 'A-01',
    stock: 4,
    confirmedStock: 4,
    toTransfer: false,
    transferQuantity: null,
    pending,
    provisional: false,
  };
}

function showList(rows: ShownLocation[], lng: 'nl' | 'en' = 'nl') {
  const t = createI18n({ locations: locationsTexts }, lng).getFixedT(lng, 'locations');
  const none = () => undefined;
  render(
    <MantineProvider theme={theme} forceColorScheme="light">
      <LocationList
        rows={rows}
        actions={{ setAmount: none, move: none, remove: none }}
        onReorder={none}
        onScan={none}
        canEdit
        t={t}
      />
    </MantineProvider>,
  );
}

const rowOf = (name: string) =>
  screen.getAllByTestId('location-row').find((r) => r.dataset.location === name) as HTMLElement;

describe('LocationList: a place reported at the shelf waits for a count (migration 0464)', () => {
  it('says which place was reported and that the worker counts it there', () => {
    showList([
      row(1, 'A-01-01', { kind: 'not_present', reported_at: '2026-12-05T18:03:00.000Z' }),
      row(2, 'P-10-03'),
    ]);
    expect(within(rowOf('A-01-01')).getByTestId('location-shelf-problem').textContent).toBe(
      'Gemeld: niet aanwezig · tel deze locatie',
    );
    expect(within(rowOf('P-10-03')).queryByTestId('location-shelf-problem')).toBeNull();
  });

  it('names too few in English, and hides the report while a typed count waits to be sent', () => {
    showList([row(1, 'A-01-01', { kind: 'insufficient', reported_at: '2026-12-05T18:03:00.000Z' })], 'en');
    expect(screen.getByTestId('location-shelf-problem').textContent).toBe(
      'Reported too few · count this location',
    );
    cleanup();
    showList([row(1, 'A-01-01', { kind: 'not_present', reported_at: '2026-12-05T18:03:00.000Z' }, true)]);
    expect(screen.queryByTestId('location-shelf-problem')).toBeNull();
    expect(screen.getByTestId('location-pending')).toBeTruthy();
  });
});
