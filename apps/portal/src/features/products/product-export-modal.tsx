import type { ProductRow } from '@hoppa/core';
import { Alert, Button, Checkbox, Group, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllProducts, type ProductTableFilter } from './api/product-table-api.ts';
import { downloadFile, productExportFile } from './product-export.ts';
import { EXPORT_FORMATS, EXPORT_SCOPES, type ExportFormat, type ExportScope } from './product-table.rules.ts';

export interface ExportModalProps {
  opened: boolean;
  onClose: () => void;
  /** The table's current filter and sort (scope filtered; scope all keeps only the sort). */
  filter: ProductTableFilter;
  filteredTotal: number;
  allTotal: number;
  /** The rows of the page on screen (scope current page) and the selection (scope selected). */
  page: readonly ProductRow[];
  selected: readonly ProductRow[];
}

/**
 * The export dialog (spec 3 §2 Export; §5 'No data to export'; §9): format csv, json or xlsx; scope all, filtered
 * (default), selected (disabled without a selection) or current page; headers on by default. All and filtered are read
 * from the server page by page with progress; the file downloads as products.csv, products.json or products.xlsx.
 */
export function ExportModal({
  opened,
  onClose,
  filter,
  filteredTotal,
  allTotal,
  page,
  selected,
}: ExportModalProps) {
  const { t } = useTranslation('productTable');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [scope, setScope] = useState<ExportScope>('filtered');
  const [headers, setHeaders] = useState(true);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const counts: Record<ExportScope, number> = {
    all: allTotal,
    filtered: filteredTotal,
    selected: selected.length,
    page: page.length,
  };
  const effective = scope === 'selected' && selected.length === 0 ? 'filtered' : scope;

  const run = async () => {
    setProblem(null);
    try {
      let rows: readonly ProductRow[];
      if (effective === 'selected') rows = selected;
      else if (effective === 'page') rows = page;
      else {
        setProgress({ done: 0, total: counts[effective] });
        const f: ProductTableFilter =
          effective === 'all'
            ? { search: '', sort: filter.sort, stock_status: 'all', fulfilment: 'all' }
            : filter;
        rows = await fetchAllProducts(f, (done, total) => setProgress({ done, total }));
      }
      if (rows.length === 0) {
        setProblem(t('exportModal.noData'));
        return;
      }
      downloadFile(await productExportFile(rows, format, headers));
      onClose();
    } catch (err) {
      setProblem(t('exportModal.failed', { message: (err as Error).message }));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('exportModal.title')}>
      <Stack>
        <div>
          <Text size="sm" fw={500} mb={4} id="export-format">
            {t('exportModal.format')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="export-format"
            value={format}
            onChange={(v) => setFormat(v as ExportFormat)}
            data={EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
          />
        </div>
        <Radio.Group
          label={t('exportModal.scope')}
          value={effective}
          onChange={(v) => setScope(v as ExportScope)}
        >
          <Stack gap="xs" mt="xs">
            {EXPORT_SCOPES.map((s) => (
              <Radio
                key={s}
                value={s}
                label={t(`exportModal.${s}`, { count: counts[s] })}
                disabled={s === 'selected' && selected.length === 0}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox
          label={t('exportModal.headers')}
          checked={headers}
          disabled={format === 'json'}
          onChange={(e) => setHeaders(e.currentTarget.checked)}
        />
        {progress ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('exportModal.reading', progress)}
          </Text>
        ) : null}
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('bulk.cancel')}
          </Button>
          <Button onClick={() => void run()} loading={progress !== null}>
            {t('exportModal.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
