import { MAX_ROUTE_AGENTS, type RoutePlan } from '@hoppa/core';
import { Alert, Badge, Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationError } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDriveOrderCount, useRoutePlan } from './api/route-plan.ts';
import { RouteMap } from './route-map.tsx';
import { agentName, formatDuration, formatKm, routeColour, stopCount } from './route-plan.rules.ts';

/** Drivers asked for when the screen opens (the API's default too). */
const DEFAULT_AGENTS = 3;

/** The per-agent list (spec 3 §2): agent (by {@link agentName}), time as HH:mm:ss, distance in km and the stops, with a total row. */
function RouteList({ plan }: { plan: RoutePlan }): ReactNode {
  const { t, i18n } = useTranslation('planning');
  const rows = plan.features.map((f) => f.properties);
  const sum = (k: 'time' | 'distance') => rows.reduce((s, r) => s + r[k], 0);
  return (
    <Table striped withTableBorder data-testid="route-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('agent')}</Table.Th>
          <Table.Th ta="right">{t('time')}</Table.Th>
          <Table.Th ta="right">{t('distance')}</Table.Th>
          <Table.Th ta="right">{t('stops')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {plan.features.map((f) => (
          <Table.Tr key={f.properties.agent_id} data-testid="route-row">
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <span
                  aria-hidden
                  style={{
                    width: 14,
                    height: 14,
                    borderRadius: 3,
                    background: routeColour(f.properties.agent_index),
                    display: 'inline-block',
                  }}
                />
                {agentName(f.properties.agent_id, t('agent'))}
              </Group>
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatDuration(f.properties.time)}
            </Table.Td>
            <Table.Td ta="right">{formatKm(f.properties.distance, i18n.language)}</Table.Td>
            <Table.Td ta="right">{stopCount(f)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>{t('total')}</Table.Th>
          <Table.Th ta="right" ff="monospace">
            {formatDuration(sum('time'))}
          </Table.Th>
          <Table.Th ta="right">{formatKm(sum('distance'), i18n.language)}</Table.Th>
          <Table.Th ta="right">{plan.features.reduce((s, f) => s + stopCount(f), 0)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** The drive orders the geocoder could not place (listed, never dropped silently). */
function Unplaced({ plan }: { plan: RoutePlan }): ReactNode {
  const { t } = useTranslation('planning');
  if (plan.unplaced.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<Icon name="alert" />}
      title={t('unplaced', { count: plan.unplaced.length })}
      data-testid="route-unplaced"
    >
      <Text size="sm" mb="xs">
        {t('unplacedHelp')}
      </Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orderNo')}</Table.Th>
            <Table.Th>{t('shop')}</Table.Th>
            <Table.Th>{t('address')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.unplaced.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>{o.order_id}</Table.Td>
              <Table.Td>{o.org_name}</Table.Td>
              <Table.Td>
                {[o.name, o.street, `${o.zip} ${o.city}`.trim(), o.country].filter(Boolean).join(', ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}

/**
 * The route plan map (spec 3 §2 Route plan map, §7 sales/routes): how many open orders wait for the own drivers, a
 * drivers field and the 'Get planning' button (`POST /route_plan`), the map (centred on the Netherlands at zoom 5, then
 * fitted to the routes) and the per-agent list; orders that cannot be placed are listed under it.
 */
export function PlanningPage(): ReactNode {
  const { t, i18n } = useTranslation('planning');
  const [agents, setAgents] = useState<number>(DEFAULT_AGENTS);
  const waiting = useDriveOrderCount();
  const plan = useRoutePlan();
  const a = plan.data?.assumptions;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="md">
        <Paper withBorder p="md">
          <Group align="flex-end" justify="space-between" wrap="wrap">
            <Group align="flex-end">
              <NumberInput
                label={t('agents')}
                value={agents}
                onChange={(v) => setAgents(typeof v === 'number' ? v : DEFAULT_AGENTS)}
                min={1}
                max={MAX_ROUTE_AGENTS}
                clampBehavior="strict"
                allowDecimal={false}
                w={120}
              />
              <Button
                leftSection={<Icon name="truck" />}
                loading={plan.isPending}
                onClick={() => plan.mutate(agents)}
              >
                {t('getPlanning')}
              </Button>
            </Group>
            {waiting.data !== undefined && (
              <Badge variant="light" size="lg" data-testid="drive-waiting">
                {t('waiting', { count: waiting.data })}
              </Badge>
            )}
          </Group>
        </Paper>
        <MutationError mutation={plan} />
        <RouteMap plan={plan.data ?? null} />
        {plan.data && (
          <Stack gap="sm">
            <Title order={3}>{t('routes')}</Title>
            {plan.data.features.length ? <RouteList plan={plan.data} /> : <Text>{t('noRoutes')}</Text>}
            {a && (
              <Text size="sm" c="dimmed">
                {t('estimate', {
                  factor: a.road_factor.toLocaleString(i18n.language === 'nl' ? 'nl-NL' : 'en-GB'),
                  speed: a.average_speed_kmh,
                  service: Math.round(a.service_time_s / 60),
                })}
              </Text>
            )}
            <Unplaced plan={plan.data} />
          </Stack>
        )}
      </Stack>
    </>
  );
}
