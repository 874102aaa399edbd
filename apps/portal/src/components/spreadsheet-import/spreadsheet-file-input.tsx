import { Alert, Button, Group, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSpreadsheet, SPREADSHEET_ACCEPT } from './read-spreadsheet.ts';
import type { Sheet } from './spreadsheet.rules.ts';

export interface SpreadsheetFileInputProps {
  /** Called with the parsed sheet of the chosen file. */
  onSheet: (sheet: Sheet, file: File) => void;
  /** Name of the file read last, shown beside the button. */
  fileName?: string | null;
}

/**
 * The 'Choose file' control of the imports: a native file input (so assistive technology and
 * Playwright's `setInputFiles` reach it by its label) styled as a button, reading CSV or XLSX.
 */
export function SpreadsheetFileInput({ onSheet, fileName }: SpreadsheetFileInputProps) {
  const { t } = useTranslation('products');
  const id = useId();
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onChange(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    // Clearing the value lets the user pick the same file again after fixing it.
    e.target.value = '';
    if (!file) return;
    setError(null);
    setReading(true);
    try {
      const sheet = await readSpreadsheet(file);
      if (sheet.rows.length === 0) setError(t('spreadsheet.emptyFile'));
      else onSheet(sheet, file);
    } catch (err) {
      setError(t('spreadsheet.readError', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setReading(false);
    }
  }

  return (
    <Stack gap="xs">
      <Paper withBorder p="lg" radius="md" style={{ borderStyle: 'dashed' }}>
        <Group>
          <VisuallyHidden>
            <input
              id={id}
              type="file"
              accept={SPREADSHEET_ACCEPT}
              aria-label={t('spreadsheet.chooseFile')}
              onChange={onChange}
            />
          </VisuallyHidden>
          <Button component="label" htmlFor={id} disabled={reading} aria-hidden>
            {t('spreadsheet.chooseFile')}
          </Button>
          {reading ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">{t('spreadsheet.reading')}</Text>
            </Group>
          ) : (
            <Text size="sm" c={fileName ? undefined : 'dimmed'}>
              {fileName ?? t('spreadsheet.fileHint')}
            </Text>
          )}
        </Group>
      </Paper>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
