// @vitest-environment jsdom
import '../../test/dom-setup.ts';
import { cleanup, render } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRecord } from '../../offline/db.ts';
import { pickT } from './pick-texts.ts';
import { RejectedList, rejectionReason } from './rejected-list.tsx';

afterEach(cleanup);

describe('RejectedList (ADR 0078)', () => {
  it('renders and translates nothing without rows', () => {
    const t = vi.fn((key: string) => key) as unknown as TFunction<'pick', undefined>;
    const { container } = render(<RejectedList rows={[]} onDismiss={() => undefined} t={t} />);
    expect(container.innerHTML).toBe('');
    expect(t).not.toHaveBeenCalled();
  });

  it("words a placing of another floor task refused for a reserved bin in Dutch, not the server's English", () => {
    // Every refused change is listed on the pick screen too: the Locations task's add of a bin check-in reserved.
    const row = {
      rejection: {
        status: 409,
        code: 'location_reserved',
        message: 'Location R-01-05 is reserved for another inbound: choose another location',
      },
    } as unknown as OutboxRecord;
    expect(rejectionReason(row, pickT)).toBe(
      'Niet geplaatst: de locatie is gereserveerd voor een ander product van een inbound. Kies een andere locatie.',
    );
  });

  it('names the reserved bin and, for the same shop, the inbound and product it is kept for, in Dutch', () => {
    const refused = (values: Record<string, string>) =>
      ({
        rejection: {
          status: 409,
          code: 'location_reserved',
          message: 'Location R-01-05 is reserved: choose another location',
          issues: [{ path: 'location', message: '…', code: 'location_reserved', values }],
        },
      }) as unknown as OutboxRecord;
    expect(
      rejectionReason(
        refused({ location: 'R-01-05', inbound: 'IN-0000000A', product: 'Aardbeienjam', sku: 'JAM-250' }),
        pickT,
      ),
    ).toBe(
      'Niet geplaatst: R-01-05 is gereserveerd voor Aardbeienjam (JAM-250) van inbound IN-0000000A. Kies een andere locatie.',
    );
    expect(rejectionReason(refused({ location: 'R-01-05' }), pickT)).toBe(
      'Niet geplaatst: R-01-05 is gereserveerd voor een inbound van een andere shop. Kies een andere locatie.',
    );
  });
});
