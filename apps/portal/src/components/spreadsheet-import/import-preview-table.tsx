import { Alert, ScrollArea, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cellDisplay, type MappedRow, PREVIEW_ROW_LIMIT } from './spreadsheet.rules.ts';

export interface ImportPreviewTableProps<F extends string> {
  /** The mapped fields, in column order. */
  fields: readonly F[];
  fieldLabel: (field: F) => string;
  rows: readonly MappedRow<F>[];
}

/**
 * Data preview of an import (spec 1 §2 Import 'data preview table', spec 3 §2 'show preview'): the
 * mapped rows with their spreadsheet row number, capped at {@link PREVIEW_ROW_LIMIT} rows for display
 * (a shop export can have thousands); the import sends all of them.
 */
export function ImportPreviewTable<F extends string>({
  fields,
  fieldLabel,
  rows,
}: ImportPreviewTableProps<F>) {
  const { t } = useTranslation('products');
  const shown = rows.slice(0, PREVIEW_ROW_LIMIT);
  const captionId = useId();
  return (
    <>
      {rows.length > shown.length && (
        <Alert color="blue" variant="light">
          {t('spreadsheet.previewCapped', { shown: shown.length, total: rows.length })}
        </Alert>
      )}
      {/* The caption stands above the scroll area, not in it: as the table's <caption> it was drawn over the
          horizontal scrollbar. It still names the table (aria-labelledby). */}
      <Text id={captionId} size="sm" c="dimmed">
        {t('spreadsheet.previewCaption', { shown: shown.length, total: rows.length })}
      </Text>
      <ScrollArea.Autosize mah={480} type="auto">
        <Table
          striped
          withTableBorder
          withColumnBorders
          stickyHeader
          fz="xs"
          verticalSpacing={4}
          aria-labelledby={captionId}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('spreadsheet.rowNumber')}</Table.Th>
              {fields.map((f) => (
                <Table.Th key={f} style={{ whiteSpace: 'nowrap' }}>
                  {fieldLabel(f)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => (
              <Table.Tr key={r.line}>
                <Table.Td c="dimmed">{r.line}</Table.Td>
                {fields.map((f) => (
                  <Table.Td key={f}>
                    <Text size="xs" lineClamp={2} maw={280}>
                      {cellDisplay(r.values[f])}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </>
  );
}
