// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie loads.
import '../test/dom-setup.ts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import type { OutboxRecord } from '../offline/db.ts';
import { classifySendOutcome } from '../offline/sync.rules.ts';
import { RejectedChanges } from './rejected-changes.tsx';

afterEach(cleanup);

/** A move the server refused with `body` (status 400), as the outbox keeps it. */
function refusedMove(body: unknown): OutboxRecord {
  const verdict = classifySendOutcome({ status: 400, body });
  if (verdict.kind !== 'rejected') throw new Error('not rejected');
  return { id: 'r1', label: 'Peperkoek → A-01-02', rejection: verdict.rejection } as OutboxRecord;
}

describe('RejectedChanges', () => {
  it("words a coded refusal in the worker's language and keeps the server's words for an uncoded one (ADR 0127)", () => {
    const coded = refusedMove({
      statusCode: 400,
      code: 'bad_request',
      message: 'Only 2 pieces lie here; 3 cannot move',
      issues: [
        {
          path: 'body',
          message: 'Only 2 pieces lie here; 3 cannot move',
          code: 'not_enough_stock',
          values: { field: 'quantity', limit: 2, value: '3' },
        },
      ],
    });
    const uncoded = refusedMove({ statusCode: 400, code: 'bad_request', message: 'Something else' });
    initI18n('nl');
    render(
      <MantineProvider>
        <RejectedChanges
          rows={[coded, uncoded]}
          onDismiss={() => {}}
          texts={{ title: 'Geweigerd', dismiss: 'Gezien' }}
        />
      </MantineProvider>,
    );
    expect(screen.getAllByTestId('rejected-reason').map((e) => e.textContent)).toEqual([
      'Hier liggen maar 2 stuks; 3 kunnen niet verplaatst worden',
      'Something else',
    ]);
  });
});
