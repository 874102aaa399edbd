import { ApiError } from '@hoppa/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import { useSpreadsheetImport } from './use-spreadsheet-import.ts';

/** A sheet of one column and `n` rows, mapped onto the field `ean`. */
function importOf(lang: 'nl' | 'en', send: () => Promise<unknown>) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={createI18n(lang)}>{children}</I18nextProvider>
  );
  return renderHook(
    () =>
      useSpreadsheetImport<'ean', unknown>({
        ns: 'orders',
        guessMapping: () => ({ ean: 'EAN' }),
        describeFile: (f) => f.name,
        send,
        onImported: () => 'results',
      }),
    { wrapper },
  );
}

describe('useSpreadsheetImport', () => {
  it('words a list too long for the API in the merchant’s language (ADR 0127)', async () => {
    const tooLong = new ApiError(
      400,
      {
        statusCode: 400,
        code: 'validation',
        message: 'Too big: expected array to have <=10000 items',
        issues: [
          {
            path: 'body',
            message: 'Too big: expected array to have <=10000 items',
            code: 'list_too_long',
            values: { limit: 10000 },
          },
        ],
      },
      'Too big: expected array to have <=10000 items',
    );
    for (const [lang, text] of [
      ['nl', 'Importeren mislukt: De lijst heeft meer dan 10.000 regels'],
      ['en', 'Import failed: The list has more than 10,000 rows'],
    ] as const) {
      const { result } = importOf(lang, () => Promise.reject(tooLong));
      const sheet = { columns: ['EAN'], rows: [{ line: 2, cells: { EAN: '8712345678906' } }] };
      act(() => result.current.chooseSheet(sheet, new File([''], 'orders.csv')));
      act(() => result.current.showPreview());
      await act(() => result.current.runImport());
      expect(result.current.failure).toBe(text);
    }
  });
});
