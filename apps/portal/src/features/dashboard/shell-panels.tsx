/**
 * The main layout's side panels (spec 2 §2 Main layout and setup panel), loaded with their texts when first opened
 * (app/layout/main-layout.tsx): the Dutch 7-step setup panel, each step ticked from the current organisation's data
 * (`GET /report/setup`), and the notification panel of recently fulfilled orders (`GET /user/orders/fulfilled`).
 */
import { formatDateTime, fulfilledOrdersEndpoint, type SetupStep, setupStatusEndpoint } from '@hoppa/core';
import {
  Anchor,
  Badge,
  CloseButton,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AppPath, PATHS, pathTo } from '../../app/paths.ts';
import { QueryState } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/** Which panel is open. */
export type ShellPanelKind = 'setup' | 'notifications';

/** Where each setup step is done. */
const STEP_LINKS: Record<SetupStep, AppPath> = {
  shop: PATHS.orgsAdd,
  apis: PATHS.settingsApis,
  products: PATHS.productsImport,
  inbound: PATHS.addInventory,
  orders: PATHS.orders,
  shipments: PATHS.shipments,
  dashboard: PATHS.home,
};

/** The open panel with its title and close button. */
export function ShellPanel({ kind, onClose }: { kind: ShellPanelKind; onClose: () => void }): ReactNode {
  const { t } = useTranslation('dashboard');
  const title = kind === 'setup' ? t('setup.title') : t('notifications.title');
  return (
    <Stack gap="md" h="100%" data-testid={`panel-${kind}`}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="lg" fw={600}>
          {title}
        </Title>
        <CloseButton
          aria-label={kind === 'setup' ? t('setup.close') : t('notifications.close')}
          onClick={onClose}
        />
      </Group>
      <ScrollArea flex={1}>{kind === 'setup' ? <SetupSteps /> : <FulfilledList />}</ScrollArea>
    </Stack>
  );
}

function SetupSteps(): ReactNode {
  const { t } = useTranslation('dashboard');
  const query = useQuery(endpointQuery(setupStatusEndpoint, {}));
  return (
    <QueryState query={query}>
      {({ steps }) => {
        const done = steps.filter((s) => s.done).length;
        return (
          <Stack gap="sm">
            <Text size="sm">{t('setup.intro')}</Text>
            <Text size="sm" fw={500}>
              {t('setup.done', { done, total: steps.length })}
            </Text>
            <Progress value={(100 * done) / steps.length} color="teal" />
            {steps.map((step, i) => (
              <Paper
                key={step.key}
                withBorder
                radius="md"
                p="sm"
                data-testid={`setup-step-${step.key}`}
                data-done={step.done}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <ThemeIcon
                    radius="xl"
                    size={28}
                    color={step.done ? 'teal' : 'gray'}
                    variant={step.done ? 'filled' : 'light'}
                    aria-label={step.done ? '✓' : String(i + 1)}
                  >
                    {step.done ? <Icon name="check" size={16} /> : <Text size="sm">{i + 1}</Text>}
                  </ThemeIcon>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} td={step.done ? 'line-through' : undefined}>
                      {t(`setup.steps.${step.key}.title`)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t(`setup.steps.${step.key}.body`)}
                    </Text>
                    {step.done ? null : (
                      <Anchor component={Link} to={STEP_LINKS[step.key]} size="sm">
                        {t('setup.open')} →
                      </Anchor>
                    )}
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
        );
      }}
    </QueryState>
  );
}

function FulfilledList(): ReactNode {
  const { t } = useTranslation('dashboard');
  const query = useQuery({
    ...endpointQuery(fulfilledOrdersEndpoint, { query: { limit: 20 } }),
    refetchInterval: 60_000,
  });
  return (
    <QueryState query={query}>
      {(page) =>
        page.items.length === 0 ? (
          <Text c="dimmed">{t('notifications.empty')}</Text>
        ) : (
          <Stack gap="xs">
            {page.items.map((o) => (
              <Paper key={o.shipment_id} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={pathTo('shipment', { id: o.shipment_id })} fw={600}>
                      {o.order_id}
                    </Anchor>
                    <Text size="xs" c="dimmed" truncate="end">
                      {o.org_name} · {o.tracking_number}
                    </Text>
                  </Stack>
                  <Badge variant="light" color="teal">
                    {t('notifications.shipped', { at: formatDateTime(o.shipped_at) })}
                  </Badge>
                </Group>
              </Paper>
            ))}
            {page.total > page.items.length ? (
              <Text size="sm" c="dimmed">
                {t('notifications.more', { count: page.total - page.items.length })}
              </Text>
            ) : null}
          </Stack>
        )
      }
    </QueryState>
  );
}
