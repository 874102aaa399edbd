import { formatDate, formatDateTime } from '@hoppa/core';
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { useSession } from '../../app/session.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatMoney } from '../../lib/money.ts';
import { useCurrentSubscription, useSubscriptionHistory } from './api/billing.ts';
import { useTermsPdfInUiLanguage } from './terms-pdf.ts';

/**
 * /settings/subscription (the settings area's subscription entry, spec 3 §2; issue 16): the current shop's licences
 * per plan with what is in use, the price per order, subtotal, discount and total (integer cents in nl-NL euro), who
 * accepted which terms version when with a link to read those terms (the PDF in the UI language, in a tab of its own),
 * and the earlier versions; 'Change licences' opens the pricing page.
 */
export function SubscriptionPage(): ReactNode {
  const { t } = useTranslation('subscriptions');
  const { user } = useSession();
  const current = useCurrentSubscription();
  const history = useSubscriptionHistory();
  const pdf = useTermsPdfInUiLanguage();
  if (current.isError) return <ErrorBanner error={current.error} />;
  if (!current.data) return <PageLoader />;
  const { subscription: sub, terms_accepted: terms, terms_version: version } = current.data;
  const used = (name: string) => user?.curr_org?.licences.find((l) => l.name === name)?.used ?? 0;
  const earlier = (history.data?.items ?? []).filter((s) => s.ended_at);
  // The same object URL as the terms page's frame; the link appears once the PDF is loaded.
  const viewTerms = pdf.data && (
    <Anchor size="sm" href={pdf.data} target="_blank" rel="noopener">
      {t('subscription.viewTerms')}
    </Anchor>
  );
  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={t('subscription.title')}
        description={t('subscription.intro')}
        actions={
          <Button component={Link} to={PATHS.subscriptionsAdd}>
            {sub ? t('subscription.change') : t('subscription.choose')}
          </Button>
        }
      />
      {terms ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('subscription.terms', {
              version,
              name: terms.accepted_by,
              date: formatDateTime(terms.accepted_at),
            })}
          </Text>
          {viewTerms}
        </Group>
      ) : (
        <Alert color="yellow">
          <Group gap="xs">
            <Text size="sm">{t('subscription.termsMissing', { version })}</Text>
            {viewTerms}
          </Group>
        </Alert>
      )}
      {!sub ? (
        <Alert color="gray">{t('subscription.none')}</Alert>
      ) : (
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" c="dimmed" mb="xs">
            {t('subscription.since', { date: formatDate(sub.created_at), name: sub.created_by })}
          </Text>
          <Table aria-label={t('subscription.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('subscription.plan')}</Table.Th>
                <Table.Th>{t('subscription.count')}</Table.Th>
                <Table.Th>{t('subscription.inUse')}</Table.Th>
                <Table.Th>{t('subscription.price')}</Table.Th>
                <Table.Th ta="right">{t('subscription.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sub.plans.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{p.count}</Table.Td>
                  <Table.Td>{used(p.name)}</Table.Td>
                  <Table.Td>{formatMoney(p.price_cents)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.total_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Td colSpan={4}>{t('subscription.subtotal')}</Table.Td>
                <Table.Td ta="right">{formatMoney(sub.subtotal_cents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td colSpan={4}>{t('subscription.discount')}</Table.Td>
                <Table.Td ta="right">− {formatMoney(sub.discount_cents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text fw={700}>{t('subscription.total')}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text fw={700}>{formatMoney(sub.total_cents)}</Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Paper>
      )}
      {earlier.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('subscription.history')}
          </Title>
          {earlier.map((s) => (
            <Group key={s.id} gap="md">
              <Text size="sm">
                {t('subscription.ended', { from: formatDate(s.created_at), to: formatDate(s.ended_at) })}
              </Text>
              <Text size="sm">{s.plans.map((p) => `${p.count} × ${p.name}`).join(', ')}</Text>
              <Text size="sm" fw={500}>
                {formatMoney(s.total_cents)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
