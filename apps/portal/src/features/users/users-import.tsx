import {
  type AddUsersResult,
  USER_IMPORT_FIELDS,
  USER_IMPORT_REQUIRED,
  type UserImportField,
} from '@hoppa/core';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { ImportIssueTable } from '../../components/spreadsheet-import/import-issue-table.tsx';
import { SpreadsheetImportWizard } from '../../components/spreadsheet-import/spreadsheet-import-wizard.tsx';
import { useSpreadsheetImport } from '../../components/spreadsheet-import/use-spreadsheet-import.ts';
import { useAddUsers } from './api/users.ts';
import { guessUserMapping, userImportRows } from './users-import.rules.ts';

/**
 * The users import inside /settings/users (/settings/users/import; spec 3 §2 Users, §4 import wizard, §5): choose a
 * CSV or XLSX file → map its columns (guessed above similarity 0.6) → preview → import (`POST /users`) → results with
 * each refused row and its reason; the accepted rows were written together and invited.
 */
export function UsersImport(): ReactNode {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const add = useAddUsers();
  const importer = useSpreadsheetImport<UserImportField, AddUsersResult>({
    ns: 'users',
    guessMapping: guessUserMapping,
    describeFile: (file, sheet) => `${file.name}: ${t('import.summary', { count: sheet.rows.length })}`,
    send: (rows) => add.mutateAsync(userImportRows(rows)),
    onImported: (res) => {
      notifications.show({
        color: res.errors.length ? 'yellow' : 'green',
        message: t('import.result', { invited: res.invited, added: res.added }),
      });
      return 'results';
    },
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('import.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('import.intro')}
        </Text>
        <SpreadsheetImportWizard
          importer={importer}
          fields={USER_IMPORT_FIELDS}
          required={USER_IMPORT_REQUIRED}
          fieldLabel={(f) => t(`import.fields.${f}`)}
          previewLabel={t('import.preview')}
          previewSummary={<Text size="sm">{t('import.summary', { count: importer.rows.length })}</Text>}
          done={{ label: t('import.done'), onClick: () => navigate(PATHS.settingsUsers) }}
          renderResult={(result) => (
            <>
              <Alert color={result.invited + result.added > 0 ? 'green' : 'gray'} variant="light">
                <Text fw={600}>{t('import.result', { invited: result.invited, added: result.added })}</Text>
              </Alert>
              {result.errors.length > 0 && (
                <ImportIssueTable
                  ns="users"
                  title={t('import.rejected')}
                  intro={t('import.rejectedIntro')}
                  color="red"
                  idLabel={t('import.fields.email')}
                  idOf={(e) => e.email}
                  issues={result.errors}
                  rows={importer.rows}
                />
              )}
            </>
          )}
        />
      </Stack>
    </Paper>
  );
}
