import { Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sheetLineOf } from './spreadsheet.rules.ts';

/** A row the API rejected or warned about: its number in the sent rows (from 1) and why. */
export interface ImportIssue {
  row: number;
  reason: string;
}

export interface ImportIssueTableProps<I extends ImportIssue> {
  /** i18n namespace with `import.row` and `import.reason` (the page's import texts). */
  ns: string;
  title: string;
  /** A line under the title, e.g. what to do about these rows. */
  intro?: string;
  /** Mantine colour of the border (red for rejected rows, yellow for warnings); default border otherwise. */
  color?: string;
  /** Header and value of the column that names the row's subject (order number, EAN). */
  idLabel: string;
  idOf: (issue: I) => string;
  /** Header and value of a column naming the sheet column a problem is in (shown only when given). */
  columnLabel?: string;
  columnOf?: (issue: I) => string;
  issues: readonly I[];
  /** The previewed rows, to turn the API's row numbers back into spreadsheet lines. */
  rows: readonly { line: number }[];
  /**
   * The reason as shown, when it names rows itself (the order import's 'rejected because of row N'): given the issue
   * and the API row → spreadsheet line mapping of the Row column, so both show the same numbers. Default: `reason`.
   */
  reasonText?: (issue: I, lineOf: (apiRow: number) => number) => string;
}

/**
 * The rows of an import result with their reasons (spec 3 §2 Bulk import 'error details'; the order
 * import's rejected rows and warnings): spreadsheet line, the row's order number or EAN, optionally the sheet column
 * the problem is in, and the reason, in a table named by its title.
 */
export function ImportIssueTable<I extends ImportIssue>({
  ns,
  title,
  intro,
  color,
  idLabel,
  idOf,
  columnLabel,
  columnOf,
  issues,
  rows,
  reasonText,
}: ImportIssueTableProps<I>) {
  const { t } = useTranslation(ns);
  const lineOf = (apiRow: number) => sheetLineOf(rows, apiRow);
  return (
    <Paper withBorder p="sm" style={color ? { borderColor: `var(--mantine-color-${color}-4)` } : undefined}>
      <Text fw={600} mb={intro ? undefined : 'xs'}>
        {title}
      </Text>
      {intro && (
        <Text size="sm" c="dimmed" mb="xs">
          {intro}
        </Text>
      )}
      <Table striped fz="sm" aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>{t('import.row')}</Table.Th>
            <Table.Th w={160}>{idLabel}</Table.Th>
            {columnOf && <Table.Th w={160}>{columnLabel}</Table.Th>}
            <Table.Th>{t('import.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issues.map((e) => (
            <Table.Tr key={`${e.row}-${e.reason}`}>
              <Table.Td>{lineOf(e.row)}</Table.Td>
              <Table.Td>{idOf(e)}</Table.Td>
              {columnOf && <Table.Td>{columnOf(e)}</Table.Td>}
              <Table.Td>{reasonText ? reasonText(e, lineOf) : e.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
