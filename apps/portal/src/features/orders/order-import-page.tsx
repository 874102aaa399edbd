import { ORDER_IMPORT_FIELDS, type OrderImportField, type OrderImportResult } from '@hoppa/core';
import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openOrdersLink } from '../../app/open-orders-link.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ImportIssueTable } from '../../components/spreadsheet-import/import-issue-table.tsx';
import { applyColumnMapping } from '../../components/spreadsheet-import/spreadsheet.rules.ts';
import { SpreadsheetImportWizard } from '../../components/spreadsheet-import/spreadsheet-import-wizard.tsx';
import { useSpreadsheetImport } from '../../components/spreadsheet-import/use-spreadsheet-import.ts';
import { importReasonText } from '../../lib/order-import-reason.ts';
import { useImportOrders } from './api/import-orders.ts';
import {
  afterOrderImport,
  countImportOrders,
  guessOrderMapping,
  ORDER_IMPORT_UI_REQUIRED,
  orderImportRows,
  skippedOrderIds,
} from './order-import.rules.ts';

/**
 * Order import (/orders/import; spec 1 §2 Import, §4 Import, §7 POST /orders/import): choose a CSV or
 * XLSX file → map a column to each import field (guessed) → preview the mapped rows → Import → /orders.
 * When every row was imported the page goes to /orders at once (spec 1 §4); when rows were rejected
 * it stays on a results step listing row, order and reason, and 'Go to orders' leaves it, so the
 * merchant can read what to fix first. Orders whose number was imported before (a re-uploaded file, spec 1 §7:
 * no duplicates) are not rows to fix: the results step names them apart, as skipped, with their order numbers.
 */
export function OrderImportPage() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  // When the last import ran: 'Go to orders' opens a board range that holds its orders (after 22:00 too).
  const importedAt = useRef<Date | null>(null);
  const importOrders = useImportOrders();
  const importer = useSpreadsheetImport<OrderImportField, OrderImportResult>({
    ns: 'orders',
    guessMapping: guessOrderMapping,
    describeFile: (file, sheet, guess) =>
      `${file.name}: ${t('import.summary', { rows: sheet.rows.length, orders: countImportOrders(applyColumnMapping(sheet.rows, guess)) })}`,
    send: (rows) => importOrders.mutateAsync(orderImportRows(rows)),
    onImported: (res) => {
      importedAt.current = new Date();
      const created = t('import.created', { count: res.created });
      notifications.show({
        color: res.errors.length ? 'yellow' : res.created > 0 ? 'green' : 'blue',
        message:
          res.skipped > 0 ? `${created} · ${t('import.skippedShort', { count: res.skipped })}` : created,
        autoClose: 5000,
      });
      const next = afterOrderImport(res);
      if (next === 'leave') navigate(openOrdersLink());
      return next;
    },
  });
  const { rows } = importer;

  return (
    <Stack gap="md">
      <PageHeader title={t('import.title')} description={t('import.intro')} />
      <SpreadsheetImportWizard
        importer={importer}
        fields={ORDER_IMPORT_FIELDS}
        required={ORDER_IMPORT_UI_REQUIRED}
        fieldLabel={(f) => t(`fields.${f}`)}
        previewLabel={t('import.preview')}
        previewSummary={
          <Text size="sm">{t('import.summary', { rows: rows.length, orders: countImportOrders(rows) })}</Text>
        }
        done={{
          label: t('import.goToOrders'),
          onClick: () => navigate(openOrdersLink(importedAt.current ?? undefined)),
        }}
        renderResult={(result) => (
          <>
            <Alert color={result.created > 0 ? 'green' : 'gray'} variant="light">
              <Text fw={600}>{t('import.created', { count: result.created })}</Text>
            </Alert>
            {result.skipped > 0 && <SkippedOrders result={result} />}
            {result.errors.length > 0 && (
              <ImportIssueTable
                ns="orders"
                title={t('import.rejected')}
                intro={t('import.rejectedIntro')}
                color="red"
                idLabel={t('import.orderId')}
                idOf={(e) => e.order_id}
                issues={result.errors}
                rows={rows}
                reasonText={(e, lineOf) => importReasonText(t, e, lineOf)}
              />
            )}
            {result.warnings.length > 0 && (
              <ImportIssueTable
                ns="orders"
                title={t('import.warnings')}
                color="yellow"
                idLabel={t('import.orderId')}
                idOf={(e) => e.order_id}
                issues={result.warnings}
                rows={rows}
                reasonText={(e, lineOf) => importReasonText(t, e, lineOf)}
              />
            )}
          </>
        )}
      />
    </Stack>
  );
}

/** The orders an import skipped because they were imported before: how many, that nothing needs fixing, which. */
function SkippedOrders({ result }: { result: OrderImportResult }) {
  const { t } = useTranslation('orders');
  const { ids, more } = skippedOrderIds(result);
  const list = ids.join(', ');
  return (
    <Alert color="blue" variant="light" title={t('import.skipped', { count: result.skipped })}>
      <Text size="sm">{t('import.skippedIntro')}</Text>
      <Text size="sm" mt={4}>
        {t('import.skippedIds', {
          ids: more > 0 ? t('import.skippedMore', { ids: list, count: more }) : list,
        })}
      </Text>
    </Alert>
  );
}
