import { ApiError, ORDER_IMPORT_FIELDS, type OrderImportField, type OrderImportResult } from '@hoppa/core';
import { Alert, Button, Code, Group, Paper, Stack, Stepper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { ColumnMappingTable } from '../products/spreadsheet/column-mapping-table.tsx';
import { ImportPreviewTable } from '../products/spreadsheet/import-preview-table.tsx';
import {
  applyColumnMapping,
  type ColumnMapping,
  type MappedRow,
  missingRequiredFields,
  type Sheet,
  sheetLineOf,
} from '../products/spreadsheet/spreadsheet.rules.ts';
import { SpreadsheetFileInput } from '../products/spreadsheet/spreadsheet-file-input.tsx';
import { useImportOrders } from './api/import-orders.ts';
import {
  countImportOrders,
  guessOrderMapping,
  ORDER_IMPORT_UI_REQUIRED,
  orderImportRows,
} from './order-import.rules.ts';

type Step = 0 | 1 | 2 | 3;

/**
 * Order import (/orders/import; spec 1 §2 Import, §4 Import, §7 POST /orders/import): choose a CSV or
 * XLSX file → map a column to each import field (guessed) → preview the mapped rows → Import → /orders.
 * When every row was imported the page goes to /orders at once (spec 1 §4); when rows were rejected
 * it stays on a results step listing row, order and reason, and 'Go to orders' leaves it, so the
 * merchant can read what to fix first.
 */
export function OrderImportPage() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const importOrders = useImportOrders();
  const [step, setStep] = useState<Step>(0);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping<OrderImportField> | null>(null);
  const [rows, setRows] = useState<MappedRow<OrderImportField>[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<OrderImportResult | null>(null);

  const fieldLabel = (f: OrderImportField) => t(`fields.${f}`);
  const missing = mapping ? missingRequiredFields(mapping, ORDER_IMPORT_UI_REQUIRED) : [];
  const mappedFields = mapping ? ORDER_IMPORT_FIELDS.filter((f) => mapping[f]) : [];

  function onSheet(s: Sheet, file: File) {
    setSheet(s);
    const guess = guessOrderMapping(s.columns);
    setMapping(guess);
    setFileName(
      `${file.name}: ${t('import.summary', { rows: s.rows.length, orders: countImportOrders(applyColumnMapping(s.rows, guess)) })}`,
    );
    setAlert(null);
    setFailure(null);
    setStep(1);
  }

  function preview() {
    if (!sheet || !mapping) {
      setAlert(t('import.noData'));
      return;
    }
    setAlert(null);
    setFailure(null);
    setRows(applyColumnMapping(sheet.rows, mapping));
    setStep(2);
  }

  async function runImport() {
    if (!sheet) {
      setAlert(t('import.noData'));
      return;
    }
    if (rows.length === 0) {
      setAlert(t('import.noFinalData'));
      return;
    }
    setAlert(null);
    setFailure(null);
    try {
      const res = await importOrders.mutateAsync(orderImportRows(rows));
      notifications.show({
        color: res.errors.length ? 'yellow' : 'green',
        message: t('import.created', { count: res.created }),
        autoClose: 5000,
      });
      if (res.errors.length === 0 && res.warnings.length === 0) {
        navigate('/orders');
        return;
      }
      setResult(res);
      setStep(3);
    } catch (err) {
      const message =
        (err instanceof ApiError || err instanceof Error ? err.message : '') || t('import.unknownError');
      setFailure(t('import.failed', { message }));
    }
  }

  function again() {
    setStep(0);
    setSheet(null);
    setFileName(null);
    setMapping(null);
    setRows([]);
    setResult(null);
    setFailure(null);
    setAlert(null);
  }

  return (
    <Stack gap="md">
      <PageHeader title={t('import.title')} description={t('import.intro')} />
      {alert && (
        <Alert color="red" role="alert">
          {alert}
        </Alert>
      )}
      <Stepper active={step === 3 ? 4 : step} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t('import.steps.file')}>
          <SpreadsheetFileInput onSheet={onSheet} fileName={fileName} />
        </Stepper.Step>
        <Stepper.Step label={t('import.steps.mapping')}>
          <Stack gap="sm">
            <SpreadsheetFileInput onSheet={onSheet} fileName={fileName} />
            {sheet && mapping && (
              <ColumnMappingTable
                fields={ORDER_IMPORT_FIELDS}
                required={ORDER_IMPORT_UI_REQUIRED}
                fieldLabel={fieldLabel}
                sheet={sheet}
                mapping={mapping}
                onChange={setMapping}
              />
            )}
            {missing.length > 0 && (
              <Alert color="yellow">
                {t('products:spreadsheet.missingRequired', { fields: missing.map(fieldLabel).join(', ') })}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={preview} disabled={missing.length > 0}>
                {t('import.preview')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('import.steps.preview')}>
          <Stack gap="sm">
            <Text size="sm">
              {t('import.summary', { rows: rows.length, orders: countImportOrders(rows) })}
            </Text>
            <ImportPreviewTable fields={mappedFields} fieldLabel={fieldLabel} rows={rows} />
            {failure && (
              <Alert color="red" role="alert">
                <Code block>{failure}</Code>
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(1)} disabled={importOrders.isPending}>
                {t('import.backToMapping')}
              </Button>
              <Button onClick={runImport} loading={importOrders.isPending}>
                {importOrders.isPending ? t('import.importing') : t('import.import')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('import.steps.results')} />
        <Stepper.Completed>
          {result && (
            <Stack gap="md">
              <Alert color={result.created > 0 ? 'green' : 'gray'} variant="light">
                <Text fw={600}>{t('import.created', { count: result.created })}</Text>
              </Alert>
              {result.errors.length > 0 && (
                <IssueTable
                  title={t('import.rejected')}
                  intro={t('import.rejectedIntro')}
                  color="red"
                  issues={result.errors}
                  rows={rows}
                />
              )}
              {result.warnings.length > 0 && (
                <IssueTable
                  title={t('import.warnings')}
                  color="yellow"
                  issues={result.warnings}
                  rows={rows}
                />
              )}
              <Group>
                <Button onClick={() => navigate('/orders')}>{t('import.goToOrders')}</Button>
                <Button variant="default" onClick={again}>
                  {t('import.importMore')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}

function IssueTable({
  title,
  intro,
  color,
  issues,
  rows,
}: {
  title: string;
  intro?: string;
  color: string;
  issues: OrderImportResult['errors'];
  rows: readonly MappedRow<OrderImportField>[];
}) {
  const { t } = useTranslation('orders');
  return (
    <Paper withBorder p="sm" style={{ borderColor: `var(--mantine-color-${color}-4)` }}>
      <Text fw={600}>{title}</Text>
      {intro && (
        <Text size="sm" c="dimmed" mb="xs">
          {intro}
        </Text>
      )}
      <Table striped fz="sm" aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>{t('import.row')}</Table.Th>
            <Table.Th w={160}>{t('import.orderId')}</Table.Th>
            <Table.Th>{t('import.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issues.map((e) => (
            <Table.Tr key={`${e.row}-${e.reason}`}>
              <Table.Td>{sheetLineOf(rows, e.row)}</Table.Td>
              <Table.Td>{e.order_id}</Table.Td>
              <Table.Td>{e.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
