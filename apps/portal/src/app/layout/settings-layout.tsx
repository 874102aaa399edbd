/**
 * The settings area (spec 3 §2 'Settings area with side navigation'): a side navigation beside the settings pages
 * (organisation, users, own account, subscription, invoices, API connections), each entry shown only when the role in
 * force may open its page (core `canCall`, as the main menu). A page joins it with `layout: 'settings'` on its route;
 * its entry lives in layout/settings-nav.ts. Loaded with the first settings page.
 */
import { Box, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { mayUse } from '../area.ts';
import { roleInForce, useSession } from '../session.ts';
import { visibleSettingsItems } from './settings-nav.ts';

export function SettingsLayout(): ReactNode {
  const { t } = useTranslation('settings');
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const { pathname } = useLocation();
  const items = role ? visibleSettingsItems((needs) => mayUse(needs, role, orgAuth?.is_admin ?? false)) : [];
  return (
    // 180 px holds the longest entry ('API-koppelingen'); 220 and a wider gap narrowed the page beside it at a 1280 px
    // laptop's window so far that the invoice's shipped orders scrolled Total out of view (ADR 0132 §5).
    <Group align="flex-start" gap="md" wrap="wrap">
      <Paper
        withBorder
        radius="md"
        p="xs"
        w={{ base: '100%', sm: 180 }}
        component="nav"
        aria-label={t('title')}
      >
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" py={4}>
            {t('title')}
          </Text>
          {items.map((item) => (
            <NavLink
              key={item.key}
              component={Link}
              to={item.to}
              label={t(`nav.${item.key}`)}
              active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
              aria-current={pathname === item.to ? 'page' : undefined}
            />
          ))}
        </Stack>
      </Paper>
      <Box style={{ flex: '1 1 32rem', minWidth: 0 }}>
        <Outlet />
      </Box>
    </Group>
  );
}
