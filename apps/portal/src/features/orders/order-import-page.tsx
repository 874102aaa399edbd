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
  countImportOrders,
  guessOrderMapping,
  ORDER_IMPORT_UI_REQUIRED,
  orderImportRows,
} from './order-import.rules.ts';

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
      notifications.show({
        color: res.errors.length ? 'yellow' : 'green',
        message: t('import.created', { count: res.created }),
        autoClose: 5000,
      });
      if (res.errors.length === 0 && res.warnings.length === 0) {
        navigate(openOrdersLink());
        return 'leave';
      }
      return 'results';
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
