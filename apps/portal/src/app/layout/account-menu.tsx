import type { CurrentUser } from '@hoppa/core';
import { Box, Menu, Text } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/icons.tsx';
import { PATHS } from '../paths.ts';
import { useLogout } from '../session.ts';

/**
 * The account menu's dropdown (spec 2 §2 Main layout: name, e-mail, role, log out) around the layout's account button
 * (`trigger`, main-layout.tsx). In its own chunk: Mantine's Menu brings Popover and Floating UI (about 20 KB gzip),
 * which the first paint of the shell does not need; the layout loads it when the pointer or focus reaches the
 * button, and a click before it arrived opens the menu once it is in (`defaultOpened`; ADR 0071).
 */
export function AccountMenu({
  trigger,
  user,
  roleName,
  defaultOpened,
}: {
  /** The button that opens the menu: the layout's avatar, name and role. */
  trigger: ReactElement;
  user: CurrentUser;
  /** The role in force, translated (the layout's roleInForce). */
  roleName: string;
  /** Open at once: the user clicked the button before the menu's code arrived. */
  defaultOpened: boolean;
}): ReactNode {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const logout = useLogout();
  const fullName = `${user.first_name} ${user.family_name}`.trim();
  return (
    <Menu position="bottom-end" width={240} shadow="md" defaultOpened={defaultOpened}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={6}>
          <Text size="sm" fw={500} truncate="end">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {roleName}
            {user.is_admin ? ` · ${t('account.admin')}` : ''}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item
          leftSection={<Icon name="logout" size={16} />}
          onClick={() =>
            logout.mutate(undefined, { onSettled: () => navigate(PATHS.login, { replace: true }) })
          }
        >
          {t('account.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
