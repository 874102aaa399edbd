import { Alert, Button, Code, Group, Stack, Stepper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnMappingTable } from './column-mapping-table.tsx';
import { ImportPreviewTable } from './import-preview-table.tsx';
import { missingRequiredFields } from './spreadsheet.rules.ts';
import { SpreadsheetFileInput } from './spreadsheet-file-input.tsx';
import type { SpreadsheetImport } from './use-spreadsheet-import.ts';

export interface SpreadsheetImportWizardProps<F extends string, R> {
  /** State and actions from {@link useSpreadsheetImport}; its `ns` supplies the shared texts. */
  importer: SpreadsheetImport<F, R>;
  /** The import fields in screen order, and the ones the mapping step insists on. */
  fields: readonly F[];
  required: readonly F[];
  fieldLabel: (field: F) => string;
  /** Text of the button that leaves the mapping step for the preview. */
  previewLabel: string;
  /** Shown above the preview table (a count of what will be imported). */
  previewSummary?: ReactNode;
  /** Replaces the preview table (e.g. tabs of several tables); by default one table of the mapped fields. */
  renderPreview?: (rows: SpreadsheetImport<F, R>['rows']) => ReactNode;
  /** Title of the red box that shows a failed import in the preview step. */
  failureTitle?: string;
  /** The import button; by default 'Import', or 'Importing…' while the call runs. */
  importButton?: { label: string; color?: string; ariaLabel?: string };
  /** The page's own summary of a result, above the 'done' and 'Import more' buttons. */
  renderResult: (result: R) => ReactNode;
  /** The button that leaves the results step (to the list the import filled). */
  done: { label: string; onClick: () => void };
}

/**
 * The steps of a spreadsheet import (spec 1 §2 Import, spec 3 §2 Bulk import, §4 Import wizard):
 * choose file → map columns → preview with Import → results, with the red alert of a step that
 * cannot go on above them. Renders as siblings of the page header, so put it in the page's Stack.
 */
export function SpreadsheetImportWizard<F extends string, R>({
  importer,
  fields,
  required,
  fieldLabel,
  previewLabel,
  previewSummary,
  renderPreview,
  failureTitle,
  importButton,
  renderResult,
  done,
}: SpreadsheetImportWizardProps<F, R>) {
  const { t } = useTranslation(importer.ns);
  const { step, sheet, mapping, rows, status, failure, result } = importer;
  const missing = mapping ? missingRequiredFields(mapping, required) : [];
  const mappedFields = mapping ? fields.filter((f) => mapping[f]) : [];
  const processing = status === 'processing';

  return (
    <>
      {importer.alert && (
        <Alert color="red" role="alert">
          {importer.alert}
        </Alert>
      )}
      <Stepper active={step === 3 ? 4 : step} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t('import.steps.file')}>
          <SpreadsheetFileInput onSheet={importer.chooseSheet} fileName={importer.fileName} />
        </Stepper.Step>
        <Stepper.Step label={t('import.steps.mapping')}>
          <Stack gap="sm">
            <SpreadsheetFileInput onSheet={importer.chooseSheet} fileName={importer.fileName} />
            {sheet && mapping && (
              <ColumnMappingTable
                fields={fields}
                required={required}
                fieldLabel={fieldLabel}
                sheet={sheet}
                mapping={mapping}
                onChange={importer.setMapping}
              />
            )}
            {missing.length > 0 && (
              <Alert color="yellow">
                {t('products:spreadsheet.missingRequired', { fields: missing.map(fieldLabel).join(', ') })}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={importer.showPreview} disabled={missing.length > 0}>
                {previewLabel}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('import.steps.preview')}>
          <Stack gap="sm">
            {previewSummary}
            {renderPreview ? (
              renderPreview(rows)
            ) : (
              <ImportPreviewTable fields={mappedFields} fieldLabel={fieldLabel} rows={rows} />
            )}
            {failure && (
              <Alert color="red" role="alert" title={failureTitle}>
                <Code block>{failure}</Code>
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => importer.setStep(1)} disabled={processing}>
                {t('import.backToMapping')}
              </Button>
              <Button
                onClick={importer.runImport}
                loading={processing}
                color={importButton?.color}
                aria-label={importButton?.ariaLabel}
              >
                {importButton?.label ?? (processing ? t('import.importing') : t('import.import'))}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('import.steps.results')} />
        <Stepper.Completed>
          {result !== null && (
            <Stack gap="md">
              {renderResult(result)}
              <Group>
                <Button onClick={done.onClick}>{done.label}</Button>
                <Button variant="default" onClick={importer.reset}>
                  {t('import.importMore')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stepper.Completed>
      </Stepper>
    </>
  );
}
