import {
  PRODUCT_IMPORT_FIELDS,
  PRODUCT_IMPORT_REQUIRED_FIELDS,
  type ProductImportField,
  type ProductImportResult,
} from '@hoppa/core';
import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ImportIssueTable } from '../../components/spreadsheet-import/import-issue-table.tsx';
import type { MappedRow } from '../../components/spreadsheet-import/spreadsheet.rules.ts';
import { SpreadsheetImportWizard } from '../../components/spreadsheet-import/spreadsheet-import-wizard.tsx';
import { useSpreadsheetImport } from '../../components/spreadsheet-import/use-spreadsheet-import.ts';
import { useImportProducts } from './api/import-products.ts';
import { guessProductMapping, productImportRows } from './product-import.rules.ts';
import { downloadProductTemplate, PRODUCT_TEMPLATE_NAME } from './product-template.ts';

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
  const importer = useSpreadsheetImport<ProductImportField, ProductImportResult>({
    ns: 'products',
    guessMapping: guessProductMapping,
    describeFile: (file, sheet) =>
      t('spreadsheet.fileSummary', {
        name: file.name,
        rows: sheet.rows.length,
        columns: sheet.columns.length,
      }),
    send: (rows) => importProducts.mutateAsync(productImportRows(rows)),
    onImported: (res) => {
      notifications.show({
        color: res.products.errors.length ? 'yellow' : 'green',
        // 'imported {n}' counts every stored row, '({m} updated)' the part that already existed.
        message: t('import.toast', {
          imported: res.products.created + res.products.updated,
          updated: res.products.updated,
        }),
        autoClose: TOAST_MS,
      });
      return 'results';
    },
    onFailed: (message) => notifications.show({ color: 'red', message, autoClose: TOAST_MS }),
  });
  const { status } = importer;

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
      <SpreadsheetImportWizard
        importer={importer}
        fields={PRODUCT_IMPORT_FIELDS}
        required={PRODUCT_IMPORT_REQUIRED_FIELDS}
        fieldLabel={(f) => t(`fields.${f}`)}
        previewLabel={t('import.showPreview')}
        failureTitle={t('import.error')}
        importButton={{
          label: importLabel,
          color: status === 'error' ? 'red' : undefined,
          ariaLabel: importLabel,
        }}
        done={{ label: t('import.goToProducts'), onClick: () => navigate(PATHS.products) }}
        renderResult={(result) => <ProductImportResults result={result} rows={importer.rows} />}
      />
    </Stack>
  );
}

/** Created, updated and error counts, then each rejected row (spec 3 §2 Bulk import: results). */
function ProductImportResults({
  result,
  rows,
}: {
  result: ProductImportResult;
  rows: readonly MappedRow<ProductImportField>[];
}) {
  const { t } = useTranslation('products');
  const { created, updated, errors } = result.products;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Count label={t('import.created')} value={created} color="green" />
        <Count label={t('import.updated')} value={updated} color="blue" />
        <Count label={t('import.errors')} value={errors.length} color={errors.length ? 'red' : 'gray'} />
      </SimpleGrid>
      {errors.length > 0 && (
        <ImportIssueTable
          ns="products"
          title={t('import.errorDetails')}
          idLabel={t('import.ean')}
          idOf={(e) => e.ean}
          issues={errors}
          rows={rows}
        />
      )}
    </>
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
