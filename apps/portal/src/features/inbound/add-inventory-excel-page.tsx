import {
  ApiError,
  guessColumnMapping,
  INBOUND_EXCEL_REASON_CODES,
  INBOUND_TYPES,
  type Inbound,
  InboundInformationSchema,
  type InboundType,
  VALIDATION_REASON_CODES,
} from '@hoppa/core';
import { codedReasonText } from '@hoppa/web';
import { Alert, Anchor, Button, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PATHS, pathTo } from '../../app/paths.ts';
import { PageLoader } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ImportIssueTable } from '../../components/spreadsheet-import/import-issue-table.tsx';
import { SpreadsheetImportWizard } from '../../components/spreadsheet-import/spreadsheet-import-wizard.tsx';
import { useSpreadsheetImport } from '../../components/spreadsheet-import/use-spreadsheet-import.ts';
import { useInboundExcel, useInboundExcelCheck } from './api/change-inbound.ts';
import { useCurrentOrg } from './api/get-inbounds.ts';
import {
  apiRowIssues,
  excelProducts,
  INBOUND_IMPORT_ALIASES,
  INBOUND_IMPORT_FIELDS,
  INBOUND_IMPORT_REQUIRED,
  type InboundImportField,
  type InboundRowIssue,
  type InfoValues,
  infoDefaults,
  infoProblems,
  sheetRows,
} from './inbound.rules.ts';
import { InboundInfoFields, useInboundInfoForm } from './inbound-information.tsx';

/**
 * The codes the page words: the sheet check's and `POST /inbound/excel`'s (core `INBOUND_EXCEL_REASON_CODES`) and
 * zod's own refusals of the information fields before the service runs (core `VALIDATION_REASON_CODES`).
 */
const EXCEL_REASON_CODES: readonly string[] = [...INBOUND_EXCEL_REASON_CODES, ...VALIDATION_REASON_CODES];
/** What announcing a spreadsheet ends with: the inbound made, or the rows that stopped it (nothing made). */
type ExcelResult = { inbound: Inbound; issues: [] } | { inbound: null; issues: InboundRowIssue[] };

/** The example file's name and contents: the spec's columns with one row. */
const TEMPLATE_NAME = 'inbound-voorbeeld.csv';
const TEMPLATE = 'ean,units,packed_per,batchnr,expiration_date\n8712345678906,4,12,B-2026-01,31-12-2027\n';

/**
 * Announce by spreadsheet (/add_inventory_excel; spec 2 §2 'columns ean, units, packed_per, batchnr,
 * expiration_date, plus the information fields', §7 `POST /inbound/excel`): the type and the information (prefilled
 * from the organisation) on the page, then the shared import wizard: choose a CSV or XLSX file, map its columns
 * (guessed), preview, Announce. Before anything is sent every row is checked (EAN, whole boxes and per box, a real
 * expiry date) and the sheet's EANs are asked of the API (`POST /inbound/excel/check`): every problem of every row is
 * listed in one round (sheet line, EAN, sheet column, reason) and nothing is announced while any row fails. A success
 * goes to the new inbound.
 */
export function AddInventoryExcelPage(): ReactNode {
  const org = useCurrentOrg();
  if (org.isPending) return <PageLoader />;
  return <ExcelAnnounce defaults={infoDefaults(org.data)} />;
}

function ExcelAnnounce({ defaults }: { defaults: InfoValues }): ReactNode {
  const { t } = useTranslation('inbound');
  const navigate = useNavigate();
  const [type, setType] = useState<InboundType>('package');
  const info = useInboundInfoForm(defaults);
  const send = useInboundExcel();
  const check = useInboundExcelCheck();
  const importer = useSpreadsheetImport<InboundImportField, ExcelResult>({
    ns: 'inbound',
    guessMapping: (columns) => guessColumnMapping(INBOUND_IMPORT_FIELDS, columns, INBOUND_IMPORT_ALIASES),
    describeFile: (file, sheet) => `${file.name}: ${t('import.summary', { rows: sheet.rows.length })}`,
    send: async (rows) => {
      const values = info.form.getValues();
      if (Object.keys(infoProblems(values)).length > 0) {
        info.form.validate();
        throw new Error(t('excel.infoInvalid'));
      }
      const { products, issues: ownIssues } = excelProducts(rows);
      // Every problem in one round, as the API words it (codes, ADR 0119 §3): the rows' own and the EANs the shop
      // does not have, before anything is sent.
      const { issues } = await check.mutateAsync(sheetRows(rows));
      if (issues.length > 0 || ownIssues.length > 0)
        return { inbound: null, issues: issues.length > 0 ? issues : ownIssues };
      try {
        return { inbound: await send.mutateAsync({ ...values, type, products }), issues: [] };
      } catch (err) {
        const body =
          err instanceof ApiError
            ? (err.body as { issues?: Parameters<typeof apiRowIssues>[0] } | null)
            : null;
        if (err instanceof ApiError && err.status === 400 && body?.issues?.length)
          return {
            inbound: null,
            issues: apiRowIssues(body.issues, products),
          };
        throw err;
      }
    },
    onImported: (res) => {
      if (res.inbound) {
        navigate(pathTo('checkinInventoryDetail', { id: res.inbound.id }), {
          state: { created: res.inbound.inbound_number },
        });
        return 'leave';
      }
      return 'results';
    },
  });

  /** An information field a coded refusal names (`contact_person`) by the form's label; another key as it is. */
  const infoLabel = (field: string | undefined) =>
    field && field in InboundInformationSchema.shape ? t(`info.${field}`) : (field ?? '');

  function template() {
    const url = URL.createObjectURL(new Blob([TEMPLATE], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = TEMPLATE_NAME;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={PATHS.preNotify} size="sm">
        ← {t('preNotify.title')}
      </Anchor>
      <PageHeader
        title={t('excel.title')}
        description={t('excel.intro')}
        actions={
          <Button variant="default" onClick={template}>
            {t('excel.template')}
          </Button>
        }
      />
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="md" mb="sm">
          {t('excel.information')}
        </Title>
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('excel.type')}
            </Text>
            <SegmentedControl
              value={type}
              onChange={(v) => setType(v as InboundType)}
              data={INBOUND_TYPES.map((tp) => ({ value: tp, label: t(`types.${tp}`) }))}
              aria-label={t('excel.type')}
            />
          </div>
          <InboundInfoFields form={info} />
        </Stack>
      </Paper>
      <SpreadsheetImportWizard
        importer={importer}
        fields={INBOUND_IMPORT_FIELDS}
        required={INBOUND_IMPORT_REQUIRED}
        fieldLabel={(f) => t(`fields.${f}`)}
        previewLabel={t('import.preview')}
        previewSummary={<Text size="sm">{t('import.summary', { rows: importer.rows.length })}</Text>}
        failureTitle={t('import.failed', { message: '' }).replace(/:\s*$/, '')}
        done={{ label: t('excel.goToList'), onClick: () => navigate(PATHS.checkinInventory) }}
        renderResult={(result) =>
          result.inbound ? null : (
            <>
              <Alert color="red" variant="light" role="alert">
                {t('excel.rejected')}
              </Alert>
              <ImportIssueTable
                ns="inbound"
                title={t('excel.rejectedTitle')}
                color="red"
                idLabel={t('fields.ean')}
                idOf={(e) => e.ean}
                columnLabel={t('excel.column')}
                columnOf={(e) => (e.field ? (importer.mapping?.[e.field] ?? t(`fields.${e.field}`)) : '')}
                issues={result.issues}
                rows={importer.rows}
                reasonText={(e) =>
                  codedReasonText(t, 'excel.reasons', EXCEL_REASON_CODES, e, {
                    values: {
                      field: e.field
                        ? (importer.mapping?.[e.field] ?? t(`fields.${e.field}`))
                        : infoLabel(e.values?.field),
                    },
                  })
                }
              />
            </>
          )
        }
      />
    </Stack>
  );
}
