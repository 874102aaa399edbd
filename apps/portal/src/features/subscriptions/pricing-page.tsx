import { type PlanCount, subscriptionTotals } from '@hoppa/core';
import { Alert, Button, Group, NumberInput, Paper, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { useSession } from '../../app/session.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatMoney } from '../../lib/money.ts';
import { useCurrentSubscription, usePlans } from './api/billing.ts';
import { PlanDescription } from './plan-description.tsx';
import { countsToParam } from './subscriptions.rules.ts';

/**
 * /subscriptions/add (spec 3 §2 pricing: the plans with their price per order, in nl-NL euro; issue 16): a count per
 * plan (at least the licences in use, starting from the current subscription), and the subtotal, volume discount and
 * total from core's `subscriptionTotals` in integer cents. Continue leads to the terms page with the counts.
 */
export function PricingPage(): ReactNode {
  const { t } = useTranslation('subscriptions');
  const navigate = useNavigate();
  const { user } = useSession();
  const plans = usePlans();
  const current = useCurrentSubscription();
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const used = (name: string) => user?.curr_org?.licences.find((l) => l.name === name)?.used ?? 0;
  const counts: PlanCount[] = useMemo(() => {
    const inUse = (name: string) => user?.curr_org?.licences.find((l) => l.name === name)?.used ?? 0;
    return (plans.data ?? []).map((p) => ({
      id: p.id,
      count:
        chosen[p.id] ??
        Math.max(current.data?.subscription?.plans.find((l) => l.id === p.id)?.count ?? 0, inUse(p.name)),
    }));
  }, [plans.data, chosen, current.data, user]);
  if (plans.isError) return <ErrorBanner error={plans.error} />;
  if (current.isError) return <ErrorBanner error={current.error} />;
  if (!plans.data || !current.data) return <PageLoader />;
  const totals = subscriptionTotals(plans.data, counts);
  const any = totals.lines.length > 0;

  return (
    <Stack gap="md" maw={960}>
      <PageHeader title={t('pricing.title')} description={t('pricing.intro')} />
      <Paper withBorder radius="md" p="sm">
        <Table verticalSpacing="sm" aria-label={t('pricing.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pricing.plan')}</Table.Th>
              <Table.Th>{t('pricing.price')}</Table.Th>
              <Table.Th>{t('pricing.count')}</Table.Th>
              <Table.Th ta="right">{t('pricing.lineTotal')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.data.map((p) => {
              const count = counts.find((c) => c.id === p.id)?.count ?? 0;
              const min = used(p.name);
              return (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text fw={600}>{p.name}</Text>
                    <PlanDescription plan={p} />
                  </Table.Td>
                  <Table.Td>{t('pricing.perOrder', { price: formatMoney(p.price_cents) })}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      w={110}
                      min={min}
                      max={1000}
                      allowDecimal={false}
                      allowNegative={false}
                      aria-label={t('pricing.countFor', { name: p.name })}
                      value={count}
                      onChange={(v) =>
                        setChosen((c) => ({
                          ...c,
                          [p.id]: Math.max(min, Math.min(1000, Math.trunc(Number(v) || 0))),
                        }))
                      }
                    />
                    {min > 0 && (
                      <Text size="xs" c="dimmed">
                        {t('pricing.inUse', { used: min })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(p.price_cents * count)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Td colSpan={3}>{t('pricing.subtotal')}</Table.Td>
              <Table.Td ta="right" data-testid="subtotal">
                {formatMoney(totals.subtotal_cents)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={3}>
                {t('pricing.discount', { pct: totals.discount_pct })}
                <Text size="xs" c="dimmed">
                  {t('pricing.discountHint')}
                </Text>
              </Table.Td>
              <Table.Td ta="right" data-testid="discount" style={{ whiteSpace: 'nowrap' }}>
                − {formatMoney(totals.discount_cents)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text fw={700}>{t('pricing.total')}</Text>
              </Table.Td>
              <Table.Td ta="right" data-testid="total">
                <Text fw={700}>{formatMoney(totals.total_cents)}</Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Paper>
      {!any && <Alert color="yellow">{t('pricing.nothing')}</Alert>}
      <Group justify="flex-end">
        <Button
          disabled={!any}
          onClick={() => navigate(`${PATHS.subscriptionsTerms}?plans=${countsToParam(counts)}`)}
        >
          {t('pricing.continue')}
        </Button>
      </Group>
    </Stack>
  );
}
