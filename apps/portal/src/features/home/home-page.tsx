import { amsterdamHour, formatDate } from '@hoppa/core';
import {
  Anchor,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { QueryState } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useOpenOrdersToday, useProcessedToday } from './home.hooks.ts';
import { greetingPart, showsOrderTiles, visibleMenuTiles } from './home.rules.ts';
import { HomeInsights } from './home-insights.tsx';

/**
 * /home (spec 1 §2 Home dashboard): a greeting with the user's first name over whose figures these are (the current
 * shop; "all clients" for provider staff, whose calls count every organisation whichever shop the switcher names),
 * the two order count tiles when the role may GET /orders, the menu tiles the role may use (home.rules.ts), then the 30-day
 * chart, the pick/pack report and 'orders needing attention' (home-insights.tsx).
 */
export function HomePage(): ReactNode {
  const { t } = useTranslation('home');
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const orderTiles = showsOrderTiles(role);
  const tiles = visibleMenuTiles(role);
  const now = new Date();
  const greeting = t(`greeting.${greetingPart(amsterdamHour(now))}`, { name: user?.first_name ?? '' });

  return (
    <>
      <PageHeader
        title={greeting}
        description={
          // Provider staff (a role for all organisations) see every client's figures whichever shop is current.
          role?.all_orgs
            ? t('workingForAll', { date: formatDate(now) })
            : orgAuth?.org
              ? t('workingFor', { org: orgAuth.org.name, date: formatDate(now) })
              : formatDate(now)
        }
      />
      <Stack gap="xl">
        {orderTiles ? <OrderCountTiles /> : null}
        {tiles.length > 0 ? (
          <section aria-labelledby="home-menu-title">
            <Title order={2} fz="lg" fw={600} mb="sm" id="home-menu-title">
              {t('menuTitle')}
            </Title>
            {/* Columns by the section's own width: the page narrows when a side panel is open (spec 2 §2). */}
            <SimpleGrid type="container" cols={{ base: 1, '560px': 2, '880px': 3 }} spacing="md">
              {tiles.map((tile) => (
                <Card
                  key={tile.key}
                  component={Link}
                  to={tile.to}
                  withBorder
                  padding="lg"
                  radius="md"
                  className="hoppa-tile"
                >
                  <Group wrap="nowrap" align="flex-start" gap="md">
                    <ThemeIcon size={42} radius="md" variant="light">
                      <Icon name={tile.icon} size={22} />
                    </ThemeIcon>
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Text fw={600}>{t(`tiles.${tile.key}.title`)}</Text>
                      <Text size="sm" c="dimmed">
                        {t(`tiles.${tile.key}.body`)}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        ) : null}
        <HomeInsights />
      </Stack>
    </>
  );
}

function OrderCountTiles(): ReactNode {
  const { t } = useTranslation('home');
  const open = useOpenOrdersToday(true);
  const processed = useProcessedToday(true);
  return (
    <SimpleGrid type="container" cols={{ base: 1, '420px': 2 }} spacing="md" maw={720}>
      <StatTile
        label={t('stats.openToday')}
        hint={t('stats.openTodayHint')}
        query={open}
        link={{ to: PATHS.orders, label: t('stats.toOrders') }}
      />
      <StatTile
        label={t('stats.processedToday')}
        hint={t('stats.processedTodayHint')}
        query={processed}
        link={{ to: PATHS.shipments, label: t('stats.toShipments') }}
      />
    </SimpleGrid>
  );
}

function StatTile({
  label,
  hint,
  query,
  link,
}: {
  label: string;
  hint: string;
  query: ReturnType<typeof useOpenOrdersToday>;
  link: { to: string; label: string };
}): ReactNode {
  const id = `stat-${link.to.slice(1)}`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap={6}>
        <Text size="sm" fw={500} c="dimmed" id={id}>
          {label}
        </Text>
        <QueryState query={query} loader={<Skeleton h={38} w={72} />}>
          {({ count, capped }) => (
            <Text fz={34} fw={700} lh={1.1} data-testid={id}>
              {capped ? `${count}+` : count}
            </Text>
          )}
        </QueryState>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
        <Anchor component={Link} to={link.to} size="sm" fw={500} mt={4}>
          {link.label} →
        </Anchor>
      </Stack>
    </Paper>
  );
}
