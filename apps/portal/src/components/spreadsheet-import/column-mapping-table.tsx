import { Alert, Badge, Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ColumnMapping, cellDisplay, type Sheet } from './spreadsheet.rules.ts';

export interface ColumnMappingTableProps<F extends string> {
  fields: readonly F[];
  required: readonly F[];
  /** Readable name of a field in the UI language. */
  fieldLabel: (field: F) => string;
  sheet: Sheet;
  mapping: ColumnMapping<F>;
  onChange: (mapping: ColumnMapping<F>) => void;
}

/**
 * Column mapping of an import (spec 1 §2 Import, spec 3 §2 Bulk import): one column select per import
 * field, prefilled by the automatic guess, with the first row's value as an example. A column already
 * used by another field is still offered, but choosing it moves it (one column feeds one field).
 */
export function ColumnMappingTable<F extends string>({
  fields,
  required,
  fieldLabel,
  sheet,
  mapping,
  onChange,
}: ColumnMappingTableProps<F>) {
  const { t } = useTranslation('products');
  const first = sheet.rows[0]?.cells ?? {};
  const used = new Set(Object.values(mapping).filter(Boolean) as string[]);
  const unused = sheet.columns.filter((c) => !used.has(c)).length;
  const options = [
    { value: '', label: t('spreadsheet.notMapped') },
    ...sheet.columns.map((c) => ({ value: c, label: c })),
  ];

  function choose(field: F, column: string | null) {
    const next = { ...mapping };
    if (column) {
      for (const f of fields) if (next[f] === column) next[f] = null;
    }
    next[field] = column || null;
    onChange(next);
  }

  return (
    <>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('spreadsheet.field')}</Table.Th>
            <Table.Th>{t('spreadsheet.column')}</Table.Th>
            <Table.Th>{t('spreadsheet.example')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => {
            const column = mapping[f];
            return (
              <Table.Tr key={f}>
                <Table.Td>
                  <Text size="sm" fw={500} span>
                    {fieldLabel(f)}
                  </Text>{' '}
                  {required.includes(f) && (
                    <Badge size="xs" variant="light" color={column ? 'gray' : 'red'}>
                      {t('spreadsheet.required')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td w={320}>
                  <Select
                    aria-label={t('spreadsheet.selectColumnFor', { field: fieldLabel(f) })}
                    data={options}
                    value={column ?? ''}
                    onChange={(v) => choose(f, v)}
                    searchable
                    allowDeselect={false}
                    size="xs"
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={1} maw={360}>
                    {column ? cellDisplay(first[column]) : ''}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {unused > 0 && (
        <Alert color="gray" variant="light">
          {t('spreadsheet.unmappedColumns', { count: unused })}
        </Alert>
      )}
    </>
  );
}
