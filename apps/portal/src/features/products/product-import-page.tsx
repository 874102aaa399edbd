import type { ProductImportResult } from '@hoppa/core';
import {
  ApiError,
  PRODUCT_IMPORT_FIELDS,
  PRODUCT_IMPORT_REQUIRED_FIELDS,
  type ProductImportField,
} from '@hoppa/core';
import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Stepper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useImportProducts } from './api/import-products.ts';
import { guessProductMapping, productImportRows } from './product-import.rules.ts';
import { downloadProductTemplate, PRODUCT_TEMPLATE_NAME } from './product-template.ts';
import { ColumnMappingTable } from './spreadsheet/column-mapping-table.tsx';
import { ImportPreviewTable } from './spreadsheet/import-preview-table.tsx';
import {
  applyColumnMapping,
  type ColumnMapping,
  type MappedRow,
  missingRequiredFields,
  type Sheet,
  sheetLineOf,
} from './spreadsheet/spreadsheet.rules.ts';
import { SpreadsheetFileInput } from './spreadsheet/spreadsheet-file-input.tsx';

type Step = 0 | 1 | 2 | 3;
type Status = 'idle' | 'processing' | 'success' | 'error';

/** Toasts of the import stay 5 seconds (spec 3 §9). */
const TOAST_MS = 5000;

/**
 * Bulk product import (/products/import; spec 3 §2 Bulk import screen, §4 Import wizard, §5, §8):
 * 0 choose file → 1 map columns (guessed) → 2 preview → Import → 3 results with created, updated and
 * error counts and each rejected row. 'Back to Mapping' returns to 1; 'Import More' resets to 0.
 */
export function ProductImportPage() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const importProducts = useImportProducts();
  const [step, setStep] = useState<Step>(0);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping<ProductImportField> | null>(null);
  const [rows, setRows] = useState<MappedRow<ProductImportField>[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ProductImportResult | null>(null);

  const fieldLabel = (f: ProductImportField) => t(`fields.${f}`);
  const missing = mapping ? missingRequiredFields(mapping, PRODUCT_IMPORT_REQUIRED_FIELDS) : [];
  const mappedFields = mapping ? PRODUCT_IMPORT_FIELDS.filter((f) => mapping[f]) : [];

  function onSheet(s: Sheet, file: File) {
    setSheet(s);
    setFileName(
      t('spreadsheet.fileSummary', { name: file.name, rows: s.rows.length, columns: s.columns.length }),
    );
    setMapping(guessProductMapping(s.columns));
    setAlert(null);
    setStatus('idle');
    setStep(1);
  }

  function showPreview() {
    if (!sheet || !mapping) {
      setAlert(t('import.noData'));
      return;
    }
    setAlert(null);
    setRows(applyColumnMapping(sheet.rows, mapping));
    setStatus('idle');
    setFailure(null);
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
    setStatus('processing');
    try {
      const res = await importProducts.mutateAsync(productImportRows(rows));
      setResult(res);
      setStatus('success');
      setStep(3);
      notifications.show({
        color: res.products.errors.length ? 'yellow' : 'green',
        // 'imported {n}' counts every stored row, '({m} updated)' the part that already existed.
        message: t('import.toast', {
          imported: res.products.created + res.products.updated,
          updated: res.products.updated,
        }),
        autoClose: TOAST_MS,
      });
    } catch (err) {
      const message =
        (err instanceof ApiError || err instanceof Error ? err.message : '') || t('import.unknownError');
      setFailure(t('import.failed', { message }));
      setStatus('error');
      notifications.show({ color: 'red', message: t('import.failed', { message }), autoClose: TOAST_MS });
    }
  }

  function importMore() {
    setStep(0);
    setSheet(null);
    setFileName(null);
    setMapping(null);
    setRows([]);
    setResult(null);
    setStatus('idle');
    setFailure(null);
    setAlert(null);
  }

  async function template() {
    await downloadProductTemplate();
    notifications.show({
      message: t('import.templateDownloaded', { file: PRODUCT_TEMPLATE_NAME }),
      autoClose: TOAST_MS,
    });
  }

  const importLabel =
    status === 'processing'
      ? t('import.importing')
      : status === 'success'
        ? t('import.imported')
        : status === 'error'
          ? t('import.error')
          : t('import.import');

  return (
    <Stack gap="md">
      <PageHeader
        title={t('import.title')}
        description={t('import.intro')}
        actions={
          <Button variant="default" onClick={template}>
            {t('import.template')}
          </Button>
        }
      />
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
                fields={PRODUCT_IMPORT_FIELDS}
                required={PRODUCT_IMPORT_REQUIRED_FIELDS}
                fieldLabel={fieldLabel}
                sheet={sheet}
                mapping={mapping}
                onChange={setMapping}
              />
            )}
            {missing.length > 0 && (
              <Alert color="yellow">
                {t('spreadsheet.missingRequired', { fields: missing.map(fieldLabel).join(', ') })}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={showPreview} disabled={missing.length > 0}>
                {t('import.showPreview')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('import.steps.preview')}>
          <Stack gap="sm">
            <ImportPreviewTable fields={mappedFields} fieldLabel={fieldLabel} rows={rows} />
            {failure && (
              <Alert color="red" role="alert" title={t('import.error')}>
                <Code block>{failure}</Code>
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(1)} disabled={status === 'processing'}>
                {t('import.backToMapping')}
              </Button>
              <Button
                onClick={runImport}
                loading={status === 'processing'}
                color={status === 'error' ? 'red' : undefined}
                aria-label={importLabel}
              >
                {importLabel}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('import.steps.results')} />
        <Stepper.Completed>
          {result && (
            <ProductImportResults
              result={result}
              rows={rows}
              onMore={importMore}
              onDone={() => navigate('/products')}
            />
          )}
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}

function ProductImportResults({
  result,
  rows,
  onMore,
  onDone,
}: {
  result: ProductImportResult;
  rows: readonly MappedRow<ProductImportField>[];
  onMore: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('products');
  const { created, updated, errors } = result.products;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Count label={t('import.created')} value={created} color="green" />
        <Count label={t('import.updated')} value={updated} color="blue" />
        <Count label={t('import.errors')} value={errors.length} color={errors.length ? 'red' : 'gray'} />
      </SimpleGrid>
      {errors.length > 0 && (
        <Paper withBorder p="sm">
          <Text fw={600} mb="xs">
            {t('import.errorDetails')}
          </Text>
          <Table striped fz="sm" aria-label={t('import.errorDetails')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import.row')}</Table.Th>
                <Table.Th>{t('import.ean')}</Table.Th>
                <Table.Th>{t('import.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.map((e) => (
                <Table.Tr key={`${e.row}-${e.reason}`}>
                  <Table.Td>{sheetLineOf(rows, e.row)}</Table.Td>
                  <Table.Td>{e.ean}</Table.Td>
                  <Table.Td>{e.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Group>
        <Button onClick={onDone}>{t('import.goToProducts')}</Button>
        <Button variant="default" onClick={onMore}>
          {t('import.importMore')}
        </Button>
      </Group>
    </Stack>
  );
}

function Count({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} c={color} aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </Paper>
  );
}
