import { ApiError, type Inbound } from '@hoppa/core';
import { Alert, Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { pathTo } from '../../app/paths.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useEditInbound } from './api/change-inbound.ts';
import { useInbound } from './api/get-inbounds.ts';
import type { InfoValues } from './inbound.rules.ts';
import { InboundInfoFields, useInboundInfoForm } from './inbound-information.tsx';

/**
 * Edit inbound details (/overview_checkin/{id}; spec 2 §2 Inbound lists and edit, §4, §5 Inbound edit): contact
 * person, email, phone, expected delivery, track and trace and shipping address, with the information rules, saved
 * by `PUT /inbound/edit/{id}`. Only while pending: a checked-in inbound shows its information read-only with the API's
 * words (Dutch: 'Alleen openstaande inbounds kunnen worden gewijzigd'), and so does a save the API refuses with 409
 * because the inbound was checked in meanwhile.
 */
export function InboundEditPage(): ReactNode {
  const { id = '' } = useParams();
  const { t } = useTranslation('inbound');
  const query = useInbound(id);
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
      return (
        <Alert color="red" variant="light" title={t('detail.notFoundTitle')} role="alert">
          {t('detail.notFound', { id })}
        </Alert>
      );
    return <ErrorBanner error={query.error} />;
  }
  if (query.isPending) return <PageLoader />;
  return <EditForm inbound={query.data} />;
}

function valuesOf(i: Inbound): InfoValues {
  return {
    contact_person: i.contact_person,
    contact_person_email: i.contact_person_email,
    phone: i.phone,
    shipping_address: i.shipping_address,
    track_trace: i.track_trace,
    expected_delivery: i.expected_delivery?.slice(0, 10) ?? '',
  };
}

function EditForm({ inbound }: { inbound: Inbound }): ReactNode {
  const { t } = useTranslation('inbound');
  const navigate = useNavigate();
  const form = useInboundInfoForm(valuesOf(inbound));
  const save = useEditInbound(inbound.id);
  const pending = inbound.status === 'pending';
  const back = pathTo('checkinInventoryDetail', { id: inbound.id });
  const refused =
    !pending || (save.error instanceof ApiError && save.error.status === 409) ? t('edit.refused') : null;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} size="sm">
        ← {t('edit.cancel')}
      </Anchor>
      <PageHeader title={t('edit.title', { number: inbound.inbound_number })} description={t('edit.intro')} />
      {refused ? (
        <Alert color="red" variant="light" role="alert" data-testid="edit-refused">
          {refused}
        </Alert>
      ) : (
        <ErrorBanner error={save.error} />
      )}
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={form.onSubmit((values) =>
            save.mutate(values, {
              onSuccess: () => navigate(back, { state: { saved: inbound.inbound_number } }),
            }),
          )}
          noValidate
        >
          <InboundInfoFields form={form} disabled={!pending} />
          <Group justify="flex-end" mt="md">
            <Button component={Link} to={back} variant="default">
              {t('edit.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!pending || refused !== null}>
              {t('edit.save')}
            </Button>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
