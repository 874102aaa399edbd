// @vitest-environment jsdom
import '../../test/dom-setup.ts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../app/theme.ts';
import type { PickRecord } from '../../offline/db.ts';
import { pickItem } from '../../test/fixtures.ts';
import { PickCard } from './pick-card.tsx';
import { pickT } from './pick-texts.ts';

afterEach(cleanup);

function showCard(item: PickRecord['item']) {
  const pick: PickRecord = { id: item.id, seq: 0, item, status: 'open', pickedAt: null, scanned: null };
  render(
    <MantineProvider theme={theme} forceColorScheme="light">
      <PickCard pick={pick} t={pickT} />
    </MantineProvider>,
  );
}

describe('PickCard: a location reported at the shelf (spec 2 §2 Pick screen sub-menu)', () => {
  it('says the location was reported when the list still sends the picker there', () => {
    showCard(pickItem({ rack: 'B-01-01', shelf_problem: 'not_present', needs_recount: true }));
    expect(screen.getByTestId('pick-location').textContent).toBe('B-01-01');
    expect(screen.getByTestId('pick-shelf-problem').textContent).toBe('Gemeld: niet aanwezig');
    // The recount line stays beside it.
    expect(screen.getByText('Voorraad op deze locatie klopt niet: hertelling nodig.')).toBeTruthy();
  });

  it('names a report of too few pieces, and shows nothing without a report', () => {
    showCard(pickItem({ shelf_problem: 'insufficient' }));
    expect(screen.getByTestId('pick-shelf-problem').textContent).toBe('Gemeld: te weinig op locatie');
    cleanup();
    showCard(pickItem());
    expect(screen.queryByTestId('pick-shelf-problem')).toBeNull();
  });
});
