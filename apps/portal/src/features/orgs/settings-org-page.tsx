import { Alert, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationError, QueryState } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentOrgDetail, useUpdateOrg } from './api/orgs.ts';
import { OrgApisPanel } from './org-apis-panel.tsx';
import { valuesOfOrg, wizardBody } from './org-wizard.rules.ts';
import { OrgWizardForm } from './org-wizard-form.tsx';

/**
 * /settings/org (spec 3 §2 settings area, §7 `PUT /orgs`): the current shop's wizard answers, the same seven steps
 * as /orgs/add with every step open and Save; a logo or VAT exemption PDF is sent only when changed. Inside the
 * settings layout's side navigation. Below it the platform keys (`PUT /orgs/editapis`) for those who may edit them.
 */
export function SettingsOrgPage(): ReactNode {
  const { t } = useTranslation('orgs');
  const org = useCurrentOrgDetail();
  const update = useUpdateOrg();
  return (
    <Stack gap="md">
      <PageHeader title={t('settings.title')} description={t('settings.intro')} />
      <QueryState query={org}>
        {(o) => (
          <>
            {!o.active ? (
              <Alert color="red" variant="light">
                {t('settings.deactivated')}
              </Alert>
            ) : null}
            <OrgWizardForm
              key={o.id}
              mode="edit"
              initialValues={valuesOfOrg(o)}
              storedLogoUrl={
                o.profile.has_logo ? `/api/orgs/logo/${o.id}?v=${encodeURIComponent(o.name)}` : null
              }
              storedVatDocName={o.profile.vat_exemption_doc?.file_name ?? null}
              submitting={update.isPending}
              error={<MutationError mutation={update} serverMessageFor={[400]} />}
              onSubmit={(values) =>
                update.mutate(wizardBody(values, 'edit'), {
                  onSuccess: (saved) =>
                    notifications.show({
                      color: 'green',
                      message: t('settings.saved', { name: saved.name }),
                    }),
                })
              }
            />
            {o.apis ? (
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
                <Stack gap="sm">
                  <Title order={3} size="h4">
                    {t('apis.title')}
                  </Title>
                  <OrgApisPanel apis={o.apis} />
                </Stack>
              </Paper>
            ) : null}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
