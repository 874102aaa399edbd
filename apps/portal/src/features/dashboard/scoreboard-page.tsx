/**
 * The scoreboard (spec 1 §2 Scoreboard): a date range (default today; on weekends the previous ISO week), the
 * picking and packing charts per hour as stacked columns per person, each with a maximise/minimise toggle and a
 * 'No data' state, the per-person table of pick and pack totals sorted descending, and packed orders by type per
 * hour. Reads `GET /report/pick`, `/report/pack` and `/report/pack_details`; refreshes every minute, so a screen on
 * the warehouse wall keeps up.
 */
import {
  amsterdamDay,
  amsterdamDayOf,
  REPORT_MAX_DAYS,
  type ReportSeries,
  reportPackDetailsEndpoint,
  reportPackEndpoint,
  reportPickEndpoint,
  reportSeries,
  scoreboardDefaultRange,
  withQuietHours,
} from '@hoppa/core';
import { ActionIcon, Group, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyStackedColumns } from '../../components/charts/lazy-charts.tsx';
import { DatePickerInput } from '../../components/dates.ts';
import { QueryState } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { endpointQuery } from '../../lib/endpoint-query.ts';

const REFRESH_MS = 60_000;

export function ScoreboardPage(): ReactNode {
  const { t } = useTranslation('dashboard');
  const initial = scoreboardDefaultRange();
  const [days, setDays] = useState<[string | null, string | null]>([
    amsterdamDay(initial.start),
    amsterdamDay(initial.end),
  ]);
  const [maximised, setMaximised] = useState<'pick' | 'pack' | null>(null);
  const from = days[0] ?? amsterdamDay(initial.start);
  const range = { start: amsterdamDayOf(from).start, end: amsterdamDayOf(days[1] ?? from).end };
  // The API reads at most 31 days (ADR 0042): a longer range asks for a shorter one instead of an error.
  const tooLong = Date.parse(range.end) - Date.parse(range.start) > REPORT_MAX_DAYS * 86_400_000;
  const live = { refetchInterval: REFRESH_MS, enabled: !tooLong };
  const pick = useQuery({ ...endpointQuery(reportPickEndpoint, { query: range }), ...live });
  const pack = useQuery({ ...endpointQuery(reportPackEndpoint, { query: range }), ...live });
  const details = useQuery({ ...endpointQuery(reportPackDetailsEndpoint, { query: range }), ...live });

  const chart = (key: 'pick' | 'pack', title: string, query: typeof pick) => (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-label={title}
      data-testid={`scoreboard-${key}`}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="md" fw={600}>
          {title}
        </Title>
        <Tooltip label={maximised === key ? t('scoreboard.minimise') : t('scoreboard.maximise')}>
          <ActionIcon
            variant="subtle"
            aria-label={`${maximised === key ? t('scoreboard.minimise') : t('scoreboard.maximise')}: ${title}`}
            aria-pressed={maximised === key}
            onClick={() => setMaximised(maximised === key ? null : key)}
          >
            <Icon name={maximised === key ? 'shrink' : 'expand'} size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <QueryState query={query}>
        {(table) => <PeopleChart series={reportSeries(table)} height={maximised === key ? 520 : 280} />}
      </QueryState>
    </Paper>
  );

  return (
    <>
      <PageHeader title={t('scoreboard.title')} description={t('scoreboard.description')} />
      <Stack gap="lg">
        <DatePickerInput
          type="range"
          label={t('scoreboard.range')}
          value={days}
          onChange={(v) => setDays(v as [string | null, string | null])}
          valueFormat="DD-MM-YYYY"
          allowSingleDateInRange
          maw={320}
          error={tooLong ? t('scoreboard.tooLong', { days: REPORT_MAX_DAYS }) : undefined}
        />
        {tooLong ? null : (
          <>
            {maximised ? (
              chart(
                maximised,
                maximised === 'pick' ? t('scoreboard.picking') : t('scoreboard.packing'),
                maximised === 'pick' ? pick : pack,
              )
            ) : (
              <SimpleGrid type="container" cols={{ base: 1, '900px': 2 }} spacing="lg">
                {chart('pick', t('scoreboard.picking'), pick)}
                {chart('pack', t('scoreboard.packing'), pack)}
              </SimpleGrid>
            )}
            <SimpleGrid type="container" cols={{ base: 1, '900px': 2 }} spacing="lg">
              <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="scoreboard-players">
                <Title order={2} fz="md" fw={600} mb="sm" id="scoreboard-players">
                  {t('scoreboard.players')}
                </Title>
                <QueryState query={pick}>
                  {(pickTable) => (
                    <QueryState query={pack}>
                      {(packTable) => (
                        <PlayersTable picks={reportSeries(pickTable)} packs={reportSeries(packTable)} />
                      )}
                    </QueryState>
                  )}
                </QueryState>
              </Paper>
              <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="scoreboard-types">
                <Title order={2} fz="md" fw={600} mb="sm" id="scoreboard-types">
                  {t('scoreboard.byType')}
                </Title>
                <QueryState query={details}>
                  {(d) =>
                    d.categories.length === 0 ? (
                      <NoData />
                    ) : (
                      <LazyStackedColumns
                        data={withQuietHours(
                          d.categories.map((hour, i) => ({
                            hour,
                            ...Object.fromEntries(d.series.map((s) => [s.name, s.data[i] ?? 0])),
                          })),
                          d.series.map((s) => s.name),
                        )}
                        dataKey="hour"
                        series={d.series.map((s) => ({
                          name: s.name,
                          label: t(`scoreboard.types.${s.name}`, { defaultValue: s.name }),
                        }))}
                        height={260}
                      />
                    )
                  }
                </QueryState>
              </Paper>
            </SimpleGrid>
          </>
        )}
      </Stack>
    </>
  );
}

function NoData(): ReactNode {
  const { t } = useTranslation('dashboard');
  return (
    <Text c="dimmed" ta="center" py="xl">
      {t('scoreboard.noData')}
    </Text>
  );
}

function PeopleChart({ series, height }: { series: ReportSeries; height: number }): ReactNode {
  if (series.data.length === 0) return <NoData />;
  return (
    <LazyStackedColumns
      data={series.data}
      dataKey="hour"
      series={series.people.map((name) => ({ name }))}
      height={height}
    />
  );
}

/** Every person of either report with both totals, by the sum of both, most first (spec: "sorted descending"). */
function PlayersTable({ picks, packs }: { picks: ReportSeries; packs: ReportSeries }): ReactNode {
  const { t } = useTranslation('dashboard');
  const of = (s: ReportSeries, name: string) => s.totals.find((x) => x.name === name)?.total ?? 0;
  const rows = [...new Set([...picks.people, ...packs.people])]
    .map((name) => ({ name, picked: of(picks, name), packed: of(packs, name) }))
    .sort((a, b) => b.picked + b.packed - (a.picked + a.packed) || a.name.localeCompare(b.name));
  if (rows.length === 0) return <NoData />;
  return (
    <Table striped data-testid="scoreboard-players-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('scoreboard.person')}</Table.Th>
          <Table.Th ta="right">{t('scoreboard.picked')}</Table.Th>
          <Table.Th ta="right">{t('scoreboard.packed')}</Table.Th>
          <Table.Th ta="right">{t('scoreboard.total')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.name}>
            <Table.Td>{r.name}</Table.Td>
            <Table.Td ta="right">{r.picked}</Table.Td>
            <Table.Td ta="right">{r.packed}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {r.picked + r.packed}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
