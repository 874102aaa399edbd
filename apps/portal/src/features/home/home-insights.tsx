/**
 * The home dashboard's reports (spec 1 §2 Home dashboard): the column chart of orders over the last 30 days, today's
 * pick/pack report per hour and per person (shown if the role may GET /report/*), and the red box 'Orders needing
 * attention' with the open orders that carry a red note. Each part is gated on the endpoint it calls.
 */
import {
  amsterdamDayRange,
  canCall,
  formatDate,
  reportAttentionEndpoint,
  reportOrdersPerDayEndpoint,
  reportPackEndpoint,
  reportPickEndpoint,
  reportSeries,
  weeklyReportEndpoint,
} from '@hoppa/core';
import { Badge, Box, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roleInForce, useSession } from '../../app/session.ts';
import { LazyStackedColumns } from '../../components/charts/lazy-charts.tsx';
import { MutationError, QueryState } from '../../components/error-banner.tsx';
import { call } from '../../lib/api.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/** The three report parts the role may see, in the spec's order. */
export function HomeInsights(): ReactNode {
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  return (
    <>
      {canCall(role, reportOrdersPerDayEndpoint) ? (
        <OrdersChart weekly={canCall(role, weeklyReportEndpoint)} />
      ) : null}
      {canCall(role, reportPickEndpoint) ? <PickPackReport /> : null}
      {canCall(role, reportAttentionEndpoint) ? <AttentionBox /> : null}
    </>
  );
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}): ReactNode {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" mb="md">
        <Title order={2} fz="lg" fw={600} id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** Mails the weekly report of the last 7 days to the user now (spec 2 §7 `GET /orders/weekly_report`). */
function WeeklyReportButton(): ReactNode {
  const { t } = useTranslation('home');
  const send = useMutation({ mutationFn: () => call(weeklyReportEndpoint, {}) });
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="sm">
        {send.data ? (
          <Text size="sm" c="teal.8" data-testid="weekly-sent">
            {t('insights.weeklySent', { to: send.data.sent_to, orders: send.data.totals.orders })}
          </Text>
        ) : null}
        <Button size="xs" variant="light" loading={send.isPending} onClick={() => send.mutate()}>
          {t('insights.weekly')}
        </Button>
      </Group>
      <MutationError mutation={send} />
    </Stack>
  );
}

function OrdersChart({ weekly }: { weekly: boolean }): ReactNode {
  const { t } = useTranslation('home');
  const query = useQuery(endpointQuery(reportOrdersPerDayEndpoint, { query: { days: 30 } }));
  return (
    <Section
      id="home-orders-chart"
      title={t('insights.chartTitle')}
      action={weekly ? <WeeklyReportButton /> : null}
    >
      <QueryState query={query}>
        {({ days }) => (
          <div data-testid="orders-chart">
            <LazyStackedColumns
              data={days.map((d) => ({
                day: `${d.day.slice(8, 10)}-${d.day.slice(5, 7)}`,
                orders: d.orders,
              }))}
              dataKey="day"
              series={[{ name: 'orders', label: t('insights.orders') }]}
              legend={false}
              height={240}
            />
          </div>
        )}
      </QueryState>
    </Section>
  );
}

function PickPackReport(): ReactNode {
  const { t } = useTranslation('home');
  const today = amsterdamDayRange();
  const pick = useQuery(endpointQuery(reportPickEndpoint, { query: today }));
  const pack = useQuery(endpointQuery(reportPackEndpoint, { query: today }));
  return (
    <Section id="home-report" title={t('insights.reportTitle', { date: formatDate(new Date()) })}>
      <QueryState query={pick}>
        {(pickTable) => (
          <QueryState query={pack}>
            {(packTable) => {
              const picks = reportSeries(pickTable);
              const packs = reportSeries(packTable);
              const people = [...new Set([...picks.people, ...packs.people])];
              if (people.length === 0) return <Text c="dimmed">{t('insights.noWork')}</Text>;
              const total = (s: typeof picks, name: string) =>
                s.totals.find((x) => x.name === name)?.total ?? 0;
              return (
                // Columns by the card's own width: the page narrows when a side panel is open (spec 2 §2).
                <SimpleGrid type="container" cols={{ base: 1, '640px': 2 }} spacing="lg">
                  <Stack gap={4}>
                    <Text size="sm" fw={500} c="dimmed">
                      {t('insights.picksPerHour')}
                    </Text>
                    <LazyStackedColumns
                      data={picks.data}
                      dataKey="hour"
                      series={picks.people.map((name) => ({ name }))}
                      height={220}
                    />
                  </Stack>
                  <Box style={{ alignSelf: 'start', overflowX: 'auto' }}>
                    <Table striped data-testid="home-report-table" aria-label={t('insights.perPerson')}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('insights.person')}</Table.Th>
                          <Table.Th ta="right">{t('insights.picked')}</Table.Th>
                          <Table.Th ta="right">{t('insights.packed')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {people.map((name) => (
                          <Table.Tr key={name}>
                            <Table.Td>{name}</Table.Td>
                            <Table.Td ta="right">{total(picks, name)}</Table.Td>
                            <Table.Td ta="right">{total(packs, name)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Box>
                </SimpleGrid>
              );
            }}
          </QueryState>
        )}
      </QueryState>
    </Section>
  );
}

function AttentionBox(): ReactNode {
  const { t } = useTranslation('home');
  const query = useQuery(endpointQuery(reportAttentionEndpoint, { query: { limit: 10 } }));
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="home-attention"
      bg="red.0"
      style={{ borderColor: 'var(--mantine-color-red-5)' }}
      data-testid="attention-box"
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" fw={600} c="red.8" id="home-attention">
          {t('insights.attentionTitle')}
        </Title>
        {query.data ? <Badge color="red">{query.data.total}</Badge> : null}
      </Group>
      <QueryState query={query}>
        {(page) =>
          page.items.length === 0 ? (
            <Text c="dimmed">{t('insights.attentionNone')}</Text>
          ) : (
            <Stack gap="sm">
              {page.items.map((o) => (
                <Paper key={o.id} radius="sm" p="sm" withBorder>
                  <Group gap="xs" mb={4}>
                    <Badge color="red" variant="filled" size="sm">
                      {t(`insights.color.${o.notes_color}`, { defaultValue: o.notes_color })}
                    </Badge>
                    <Text fw={600}>{o.order_id}</Text>
                    <Text size="sm" c="dimmed">
                      {o.org_name} · {formatDate(o.placed_at)}
                    </Text>
                  </Group>
                  <Text size="sm" mb={4}>
                    {o.notes_text}
                  </Text>
                  <List size="xs" c="dimmed">
                    {o.products.map((p) => (
                      <List.Item key={`${p.ean}-${p.title}`}>
                        {p.ean} · {p.title} × {p.quantity}
                      </List.Item>
                    ))}
                  </List>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Paper>
  );
}
