import { Alert, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { useSession } from '../../app/session.ts';
import { MutationError } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCreateOrg } from './api/orgs.ts';
import { emptyWizard, wizardBody } from './org-wizard.rules.ts';
import { OrgWizardForm } from './org-wizard-form.tsx';

/**
 * /orgs/add (spec 2 §2 routing guard target, spec 3 §2 Organisation wizard): the seven-step wizard on `POST /orgs`.
 * A user without an organisation lands here; the API makes a merchant the new shop's owner and switches to it, and
 * the user goes to /home with the new shop current. Provider staff create shops for their clients here too.
 */
export function OrgsAddPage(): ReactNode {
  const { t } = useTranslation('orgs');
  const { user, orgAuth } = useSession();
  const navigate = useNavigate();
  const create = useCreateOrg();
  const initial = useMemo(
    () =>
      emptyWizard(
        user && !orgAuth?.role.all_orgs
          ? { name: `${user.first_name} ${user.family_name}`, email: user.email, phone: user.phone || null }
          : undefined,
      ),
    [user, orgAuth],
  );
  const hasOrg = Boolean(orgAuth?.org);
  return (
    <Stack maw={880} gap="md">
      <PageHeader title={t('add.title')} description={t('add.intro')} />
      {hasOrg ? null : (
        <Alert color="brand" variant="light" icon={<Icon name="shops" />}>
          {t('add.noOrg')}
        </Alert>
      )}
      <OrgWizardForm
        mode="create"
        initialValues={initial}
        submitting={create.isPending}
        error={<MutationError mutation={create} serverMessageFor={[400, 409]} />}
        onSubmit={(values) =>
          create.mutate(wizardBody(values), {
            onSuccess: (org) => {
              notifications.show({ color: 'green', message: t('add.created', { name: org.name }) });
              navigate(PATHS.home, { replace: true });
            },
          })
        }
      />
    </Stack>
  );
}
