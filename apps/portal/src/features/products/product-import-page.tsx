import {
  type AutomationImportResult,
  BULK_IMPORT_TYPES,
  type BulkImportType,
  detectImportType,
  groupBundleRows,
  PRODUCT_IMPORT_FIELDS,
  type ProductImportResult,
  parseProductImportRow,
} from '@hoppa/core';
import type { CodedIssue } from '@hoppa/web';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ImportIssueTable } from '../../components/spreadsheet-import/import-issue-table.tsx';
import { ImportPreviewTable } from '../../components/spreadsheet-import/import-preview-table.tsx';
import type { MappedRow } from '../../components/spreadsheet-import/spreadsheet.rules.ts';
import { SpreadsheetImportWizard } from '../../components/spreadsheet-import/spreadsheet-import-wizard.tsx';
import { useSpreadsheetImport } from '../../components/spreadsheet-import/use-spreadsheet-import.ts';
import { useImportAutomations, useImportBundles } from './api/import-bundles.ts';
import { useImportProducts } from './api/import-products.ts';
import { useBulkImportTexts } from './product-import.i18n.ts';
import {
  automationImportRows,
  type BulkImportField,
  bulkReasonText,
  guessImportMapping,
  importFieldsOf,
  parentChildMapping,
  productImportRows,
} from './product-import.rules.ts';
import { downloadImportTemplate } from './product-template.ts';
import { ForShopOnly } from './provider-org.tsx';

/** Toasts of the import stay 5 seconds (spec 3 §9). */
const TOAST_MS = 5000;

/**
 * One rejected row of any import type: its number in the sent rows, its EAN and the reason (a code with its values
 * from the product and automation imports, ADR 0119 §3); a product row whose EAN came earlier in the file also has
 * `first_row`, that earlier row in the same numbering.
 */
interface Issue extends CodedIssue {
  row: number;
  ean: string;
  first_row?: number;
}

/** The result of one import, whatever its type, as the results step shows it. */
interface BulkResult {
  type: BulkImportType;
  created: number;
  updated: number;
  /** Products: known products the file left as they were (every value already stored; ADR 0130). */
  unchanged?: number;
  errors: Issue[];
  /** Rules imported with a product file (automation toggle), with their own rows. */
  automations?: { result: AutomationImportResult; lines: { line: number }[] };
  /** Bundles: unpicked lines of open orders that now list a saved bundle's parts (ADR 0122). */
  linesExpanded?: number;
}

const PRODUCT_FIELDS = new Set<string>(PRODUCT_IMPORT_FIELDS);

/**
 * The product import's toast in the UI's language and number notation: the new, updated and unchanged products apart
 * (the result cards' counts; a product the file left as it was is not imported again, ADR 0130, 0142), and the refused
 * rows when there are any: 'Import klaar: 2 nieuw, 3 bijgewerkt, 1 ongewijzigd'.
 */
export function productImportToast(
  t: TFunction<'products'>,
  r: Pick<BulkResult, 'created' | 'updated' | 'unchanged' | 'errors'>,
): string {
  const counts = [
    t('import.toastCount.created', { count: r.created }),
    t('import.toastCount.updated', { count: r.updated }),
    t('import.toastCount.unchanged', { count: r.unchanged ?? 0 }),
    ...(r.errors.length > 0 ? [t('import.toastCount.refused', { count: r.errors.length })] : []),
  ];
  return t('import.toast', { counts: counts.join(', ') });
}

/**
 * Bulk import (/products/import; spec 3 §2 Bulk import screen, §4 Import wizard, §5, §8, §9): choose the type
 * (products only, product bundles, automation rules) — switched automatically from the file's headers (core's
 * `detectImportType`) —, download that type's xlsx template, 0 choose file → 1 map columns (guessed) → 2 preview with
 * the tabs Products and Automations (and the parent–child mapping when asked) → Import (Importing…, Imported, Error) →
 * 3 results with created, updated and error counts and each refused row. 'Back to Mapping' returns to 1; 'Import
 * More' resets to 0; 'Go to Products' leaves. The warehouse's own organisation gets the reason instead (ADR 0142).
 */
export function ProductImportPage() {
  const tb = useBulkImportTexts();
  return (
    <ForShopOnly title={tb('title')}>
      <ProductImport />
    </ForShopOnly>
  );
}

/** The wizard of {@link ProductImportPage}, for a shop. */
function ProductImport() {
  const { t } = useTranslation('products');
  const tb = useBulkImportTexts();
  const navigate = useNavigate();
  const importProducts = useImportProducts();
  const importBundles = useImportBundles();
  const importAutomations = useImportAutomations();
  const [type, setTypeState] = useState<BulkImportType>('products');
  const [withAutomations, setWithAutomations] = useState(false);
  const [showParents, setShowParents] = useState(false);
  // What chooseSheet's guess reads: the state of the moment, without waiting for a render.
  const typeRef = useRef<BulkImportType>('products');
  const autoRef = useRef(false);

  const setType = (next: BulkImportType) => {
    typeRef.current = next;
    setTypeState(next);
  };

  const toast = (res: BulkResult) => {
    const n = res.type === 'product_bundles' ? res.created : res.created + res.updated;
    const message =
      res.type === 'products'
        ? productImportToast(t, res)
        : res.type === 'product_bundles'
          ? tb('toastBundles', { count: n })
          : tb('toastAutomations', { count: n });
    notifications.show({ color: res.errors.length ? 'yellow' : 'green', message, autoClose: TOAST_MS });
  };

  async function send(rows: MappedRow<BulkImportField>[]): Promise<BulkResult> {
    const current = typeRef.current;
    if (current === 'products') {
      const res: ProductImportResult = await importProducts.mutateAsync(productImportRows(rows));
      const out: BulkResult = {
        type: current,
        created: res.products.created,
        updated: res.products.updated,
        unchanged: res.products.unchanged,
        errors: res.products.errors,
      };
      if (autoRef.current) {
        const auto = automationImportRows(rows);
        if (auto.rows.length)
          out.automations = { result: await importAutomations.mutateAsync(auto.rows), lines: auto.lines };
      }
      return out;
    }
    if (current === 'product_bundles') {
      const grouped = groupBundleRows(rows.map((r) => r.values));
      if (grouped.bundles.length === 0 && grouped.refused.length === 0)
        throw new Error(t('import.noFinalData'));
      const res = grouped.bundles.length
        ? await importBundles.mutateAsync(grouped.bundles)
        : { success: 0, created: 0, errors: [], lines_expanded: 0 };
      // For bundles the two counts are: bundles saved, and of them the parents that became new products.
      return {
        type: current,
        created: res.success,
        updated: res.created,
        errors: [...grouped.refused, ...res.errors].sort((a, b) => a.row - b.row),
        linesExpanded: res.lines_expanded,
      };
    }
    if (current === 'automations') {
      const auto = automationImportRows(rows);
      if (auto.rows.length === 0) throw new Error(t('import.noFinalData'));
      const res = await importAutomations.mutateAsync(auto.rows);
      // The rows sent are the complete rules only: map their numbers back to the previewed rows.
      const index = new Map(auto.lines.map((l, i) => [i + 1, rows.findIndex((r) => r.line === l.line) + 1]));
      return {
        type: current,
        created: res.automations.success - res.automations.unchanged,
        updated: res.automations.unchanged,
        errors: res.automations.errors.map((e) => ({ ...e, row: index.get(e.row) ?? e.row })),
      };
    }
    throw new Error(tb('unknownType', { type: current }));
  }

  const importer = useSpreadsheetImport<BulkImportField, BulkResult>({
    ns: 'products',
    guessMapping: (columns) => {
      const detected = detectImportType(columns, typeRef.current);
      if (detected !== typeRef.current) {
        setType(detected);
        notifications.show({
          message: tb('detected', { type: tb(`types.${detected}`) }),
          autoClose: TOAST_MS,
        });
      }
      if (detected === 'automations' && !autoRef.current) {
        autoRef.current = true;
        setWithAutomations(true);
      }
      return guessImportMapping(detected, autoRef.current, columns);
    },
    describeFile: (file, sheet) =>
      t('spreadsheet.fileSummary', {
        name: file.name,
        rows: sheet.rows.length,
        columns: sheet.columns.length,
      }),
    send,
    onImported: (res) => {
      toast(res);
      return 'results';
    },
    onFailed: (message) => notifications.show({ color: 'red', message, autoClose: TOAST_MS }),
  });
  const { status, sheet } = importer;
  const { fields, required } = importFieldsOf(type, withAutomations);

  /** A new type or toggle re-guesses the mapping of the file already read. */
  function retarget(nextType: BulkImportType, nextAuto: boolean) {
    setType(nextType);
    autoRef.current = nextAuto;
    setWithAutomations(nextAuto);
    if (sheet) {
      importer.setMapping(guessImportMapping(nextType, nextAuto, sheet.columns));
      if (importer.step > 1) importer.setStep(1);
    }
  }

  async function template() {
    const file = await downloadImportTemplate(type);
    notifications.show({
      message: t('import.templateDownloaded', { file: file.replace(/\.xlsx$/, '') }),
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

  const fieldLabel = (f: BulkImportField) => (PRODUCT_FIELDS.has(f) ? t(`fields.${f}`) : f);

  return (
    <Stack gap="md">
      <PageHeader
        title={tb('title')}
        description={tb('intro')}
        actions={
          <Button variant="default" onClick={template}>
            {t('import.template')}
          </Button>
        }
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text fw={600} id="bulk-import-type">
            {tb('type')}
          </Text>
          <SegmentedControl
            aria-labelledby="bulk-import-type"
            value={type}
            onChange={(v) =>
              retarget(v as BulkImportType, v === 'automations' ? true : withAutomations && v === 'products')
            }
            data={BULK_IMPORT_TYPES.map((v) => ({ value: v, label: tb(`types.${v}`) }))}
            disabled={status === 'processing'}
          />
          {type === 'products' && (
            <Group gap="xl">
              <Switch
                label={tb('automationsToggle')}
                checked={withAutomations}
                onChange={(e) => retarget('products', e.currentTarget.checked)}
              />
              <Switch
                label={tb('parentMapping')}
                description={tb('parentMappingHint')}
                checked={showParents}
                onChange={(e) => setShowParents(e.currentTarget.checked)}
              />
            </Group>
          )}
        </Stack>
      </Paper>
      <SpreadsheetImportWizard
        importer={importer}
        fields={fields}
        required={required}
        fieldLabel={fieldLabel}
        previewLabel={t('import.showPreview')}
        failureTitle={t('import.error')}
        importButton={{
          label: importLabel,
          color: status === 'error' ? 'red' : undefined,
          ariaLabel: importLabel,
        }}
        done={{ label: t('import.goToProducts'), onClick: () => navigate(PATHS.products) }}
        renderPreview={(rows) => (
          <BulkPreview
            type={type}
            rows={rows}
            fields={fields.filter((f) => importer.mapping?.[f])}
            fieldLabel={fieldLabel}
            showParents={type === 'products' && showParents}
          />
        )}
        renderResult={(result) => <BulkImportResults result={result} rows={importer.rows} />}
      />
    </Stack>
  );
}

/**
 * The preview (spec 3 §2: tabs Products and Automations): the product (or bundle) columns of every row, and the rows
 * that hold a complete rule; the parent–child mapping of a product file when asked; a bundle count.
 */
function BulkPreview({
  type,
  rows,
  fields,
  fieldLabel,
  showParents,
}: {
  type: BulkImportType;
  rows: readonly MappedRow<BulkImportField>[];
  fields: readonly BulkImportField[];
  fieldLabel: (f: BulkImportField) => string;
  showParents: boolean;
}) {
  const { t } = useTranslation('products');
  const tb = useBulkImportTexts();
  // A product file's rows the import will refuse, by the same rule the server applies to each row (core
  // parseProductImportRow): said before "Import", with their reasons (ADR 0130). A second row of one EAN is found by
  // the server only.
  const refused: Issue[] =
    type === 'products'
      ? productImportRows(rows).flatMap((row, i) => {
          const r = parseProductImportRow(row);
          return r.ok ? [] : [{ row: i + 1, ean: r.ean, code: r.code, values: r.values, reason: r.reason }];
        })
      : [];
  const automationFields = fields.filter(
    (f) => f.startsWith('automation_') || (type === 'automations' && f !== 'parent_ean'),
  );
  const productFields =
    type === 'automations'
      ? fields.filter((f) => f === 'product_ean' || f === 'product_name')
      : fields.filter((f) => !f.startsWith('automation_'));
  const autoRows = automationImportRows(rows).lines;
  const autoSet = new Set(autoRows.map((l) => l.line));
  const ruleRows = rows.filter((r) => autoSet.has(r.line));
  const bundles = type === 'product_bundles' ? groupBundleRows(rows.map((r) => r.values)) : null;
  const parents = showParents ? parentChildMapping(rows) : [];
  return (
    <Stack gap="sm">
      {refused.length > 0 && (
        <>
          <Alert color="yellow" variant="light" data-testid="preview-refused">
            {t('import.previewRefused', { count: refused.length })}
          </Alert>
          <BulkIssueTable title={t('import.previewRefusedDetails')} issues={refused} rows={rows} />
        </>
      )}
      {bundles && (
        <Alert color="blue" variant="light">
          {tb('bundlesSummary', {
            bundles: bundles.bundles.length,
            items: bundles.bundles.reduce((n, b) => n + b.bundle_items.length, 0),
          })}
        </Alert>
      )}
      {showParents && (
        <Paper withBorder p="sm">
          <Text fw={600} mb="xs">
            {tb('parentTitle')}
          </Text>
          {parents.length === 0 ? (
            <Text c="dimmed" size="sm">
              {tb('noParents')}
            </Text>
          ) : (
            <Table fz="sm" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{tb('parent')}</Table.Th>
                  <Table.Th>{tb('children')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {parents.map((p) => (
                  <Table.Tr key={p.parent}>
                    <Table.Td>{p.parent}</Table.Td>
                    <Table.Td>{p.children.join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      )}
      <Tabs defaultValue={type === 'automations' ? 'automations' : 'products'} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="products">{tb('tabs.products', { count: rows.length })}</Tabs.Tab>
          <Tabs.Tab value="automations">{tb('tabs.automations', { count: ruleRows.length })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products" pt="sm">
          <ImportPreviewTable fields={productFields} fieldLabel={fieldLabel} rows={rows} />
        </Tabs.Panel>
        <Tabs.Panel value="automations" pt="sm">
          {ruleRows.length === 0 ? (
            <Text c="dimmed" size="sm">
              {tb('noAutomations')}
            </Text>
          ) : (
            <ImportPreviewTable fields={automationFields} fieldLabel={fieldLabel} rows={ruleRows} />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * Rows of a bulk file the import refuses or refused, each on its sheet line with its EAN and its reason in the UI
 * language: the preview's rows the core rule refuses and the results' refused rows.
 */
function BulkIssueTable({
  title,
  issues,
  rows,
}: {
  title: string;
  issues: Issue[];
  rows: readonly MappedRow<BulkImportField>[];
}) {
  const { t } = useTranslation('products');
  const tb = useBulkImportTexts();
  return (
    <ImportIssueTable
      ns="products"
      title={title}
      idLabel={t('import.ean')}
      idOf={(e: Issue) => e.ean}
      issues={issues}
      rows={rows}
      reasonText={(e, lineOf) => bulkReasonText(t, tb, e, lineOf)}
    />
  );
}

/** Created, updated and error counts, then each refused row (spec 3 §2 Bulk import: results). */
function BulkImportResults({
  result,
  rows,
}: {
  result: BulkResult;
  rows: readonly MappedRow<BulkImportField>[];
}) {
  const { t } = useTranslation('products');
  const tb = useBulkImportTexts();
  const { created, updated, errors } = result;
  const labels =
    result.type === 'product_bundles'
      ? [tb('bundlesSaved'), tb('createdParents')]
      : result.type === 'automations'
        ? [tb('saved'), tb('unchanged')]
        : [t('import.created'), t('import.updated')];
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Count label={labels[0] as string} value={created} color="green" />
        <Count label={labels[1] as string} value={updated} color="blue" />
        <Count label={t('import.errors')} value={errors.length} color={errors.length ? 'red' : 'gray'} />
      </SimpleGrid>
      {result.unchanged ? (
        // Rows whose every value the product already had: nothing written (a file imported again).
        <Text data-testid="import-unchanged">{t('import.unchanged', { count: result.unchanged })}</Text>
      ) : null}
      {result.linesExpanded ? (
        // Orders placed before the product became a bundle are picked by their parts from now on.
        <Text data-testid="bundle-lines-expanded">
          {tb('linesExpanded', { count: result.linesExpanded })}
        </Text>
      ) : null}
      {errors.length > 0 && <BulkIssueTable title={t('import.errorDetails')} issues={errors} rows={rows} />}
      {result.automations && (
        <>
          <Text fw={600}>{tb('automationResults')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Count
              label={tb('saved')}
              value={
                result.automations.result.automations.success -
                result.automations.result.automations.unchanged
              }
              color="green"
            />
            <Count
              label={tb('unchanged')}
              value={result.automations.result.automations.unchanged}
              color="blue"
            />
            <Count
              label={t('import.errors')}
              value={result.automations.result.automations.errors.length}
              color={result.automations.result.automations.errors.length ? 'red' : 'gray'}
            />
          </SimpleGrid>
          {result.automations.result.automations.errors.length > 0 && (
            <ImportIssueTable
              ns="products"
              title={t('import.errorDetails')}
              idLabel={t('import.ean')}
              idOf={(e: Issue) => e.ean}
              issues={result.automations.result.automations.errors}
              rows={result.automations.lines}
              reasonText={(e, lineOf) => bulkReasonText(t, tb, e, lineOf)}
            />
          )}
        </>
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
