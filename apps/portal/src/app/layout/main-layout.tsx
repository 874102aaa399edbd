/**
 * The main layout of every logged-in screen (spec 2 §2 Main layout): a header with the brand, the
 * organisation switcher and the account menu (name, role, log out), the left navigation (a <nav>
 * landmark of links, filtered per permission by navigation.rules.ts) that folds into a burger menu
 * on a phone, and the page in the main area.
 */
import { AppShell, Avatar, Box, Burger, Group, NavLink, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { Icon } from '../../components/icons.tsx';
import { dashboardArea } from '../../features/dashboard/index.ts';
import type { ShellPanelKind } from '../../features/dashboard/shell-panels.tsx';
import { loadAreaTexts } from '../../i18n/i18n.ts';
import { type LayoutHandle, mayUse } from '../area.ts';
import { NavItemsContext } from '../nav-items.ts';
import { PATHS } from '../paths.ts';
import { roleInForce, useSession } from '../session.ts';
import { NotAllowedPage } from '../status-pages.tsx';
import type { AccountMenu } from './account-menu.tsx';
import { mayOpenPath, NAV_ITEMS, type NavItem, navItemOf, visibleNavItems } from './navigation.rules.ts';
import { OrgSwitcher } from './org-switcher.tsx';

// The navbar is fixed and one window tall. This stripe behind it (its white and its border, as wide
// as the navbar's offset, which is 0 on a phone) carries the menu's column down to the foot of a
// long page, so it never ends half-way in a full-page screenshot or print.
const SHELL_BACKGROUND = [
  'linear-gradient(to right',
  'var(--mantine-color-body) 0 calc(var(--app-shell-navbar-offset, 0rem) - 1px)',
  'var(--app-shell-border-color) calc(var(--app-shell-navbar-offset, 0rem) - 1px) var(--app-shell-navbar-offset, 0rem)',
  'var(--mantine-color-gray-0) var(--app-shell-navbar-offset, 0rem))',
].join(', ');

// The setup and notification panels (spec 2 §2), with their texts, load when first opened: not in the first load.
const ShellPanel = lazy(() =>
  Promise.all([import('../../features/dashboard/shell-panels.tsx'), loadAreaTexts(dashboardArea)]).then(
    ([m]) => ({
      default: m.ShellPanel,
    }),
  ),
);

/** The header's icon buttons (scoreboard, setup, notifications): 36 px, the icon centred. */
const HEADER_ICON = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  borderRadius: 'var(--mantine-radius-md)',
  color: 'var(--mantine-color-brand-7)',
} as const;

export function MainLayout(): ReactNode {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { user, orgAuth } = useSession();
  const permitted = visibleNavItems(roleInForce(user, orgAuth), orgAuth?.is_admin ?? user?.is_admin ?? false);
  // Without an organisation every other page sends the user back to /orgs/add (routing guard), so the
  // menu offers only that page instead of links that seem to do nothing.
  const items = orgAuth && !orgAuth.org ? permitted.filter((i) => i.key === 'orgsAdd') : permitted;
  const active = navItemOf(items, pathname)?.key ?? null;
  const fullWidth = useMatches().some((m) => (m.handle as LayoutHandle | undefined)?.fullWidth);
  const [panel, setPanel] = useState<ShellPanelKind | null>(null);
  const role = roleInForce(user, orgAuth);
  const hasOrg = Boolean(orgAuth?.org);
  const mayOpen = mayOpenPath(pathname, role, orgAuth?.is_admin ?? user?.is_admin ?? false, hasOrg);
  // spec 2 §6: the setup panel needs the current organisation, the notification panel GET /user/orders/fulfilled;
  // the scoreboard icon shows with a current organisation to a role that may read the reports.
  const headerIcons = [
    {
      kind: 'setup',
      icon: 'listCheck',
      show: hasOrg && mayUse({ method: 'GET', path: '/report/setup' }, role, false),
    },
    {
      kind: 'notifications',
      icon: 'bell',
      show: hasOrg && mayUse({ method: 'GET', path: '/user/orders/fulfilled' }, role, false),
    },
  ] as const;
  const showScoreboard = hasOrg && mayUse({ method: 'GET', path: '/report/pick' }, role, false);

  // Close the phone menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => close(), [pathname, close]);

  const sections: { key: NavItem['section']; items: NavItem[] }[] = [
    { key: 'work', items: items.filter((i) => i.section === 'work') },
    { key: 'settings', items: items.filter((i) => i.section === 'settings') },
  ];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      // An open panel takes 50rem beside the page, which shifts by as much (spec 2 §2); full width on a phone.
      aside={{
        width: { base: '100%', sm: '50rem' },
        breakpoint: 'sm',
        collapsed: { desktop: !panel, mobile: !panel },
      }}
      padding={{ base: 'md', sm: 'lg' }}
      styles={{ root: { background: SHELL_BACKGROUND } }}
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('closeNav') : t('openNav')}
            />
            <Link to={PATHS.home} aria-label="Hoppa" style={{ textDecoration: 'none' }}>
              <Brand size={28} />
            </Link>
          </Group>
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <Group gap={4} wrap="nowrap">
              {showScoreboard ? (
                <UnstyledButton
                  component={Link}
                  to={PATHS.scoreboard}
                  target="_blank"
                  aria-label={t('panels.scoreboard')}
                  title={t('panels.scoreboard')}
                  style={HEADER_ICON}
                >
                  <Icon name="chart" />
                </UnstyledButton>
              ) : null}
              {headerIcons.map((h) =>
                h.show ? (
                  <UnstyledButton
                    key={h.kind}
                    aria-label={t(`panels.${h.kind}`)}
                    title={t(`panels.${h.kind}`)}
                    aria-pressed={panel === h.kind}
                    onClick={() => setPanel(panel === h.kind ? null : h.kind)}
                    style={{
                      ...HEADER_ICON,
                      background: panel === h.kind ? 'var(--mantine-color-brand-light)' : undefined,
                    }}
                  >
                    <Icon name={h.icon} />
                  </UnstyledButton>
                ) : null,
              )}
            </Group>
            <Box visibleFrom="sm" w={(orgAuth?.org_count ?? 0) > 1 ? 260 : undefined} maw={280}>
              <OrgSwitcher orgAuth={orgAuth} />
            </Box>
            <Account />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('nav.label')}>
        <Box hiddenFrom="sm" mb="md">
          <OrgSwitcher orgAuth={orgAuth} onSwitched={close} />
        </Box>
        {/* The browser's own scrolling (thin bar): Mantine's ScrollArea was 3 KB of the first load (ADR 0071). */}
        <AppShell.Section grow style={{ overflowY: 'auto', scrollbarWidth: 'thin' }}>
          {sections.map((section) =>
            section.items.length === 0 ? null : (
              <Box key={section.key} mb="md">
                <Text
                  size="xs"
                  fw={600}
                  c="dimmed"
                  tt="uppercase"
                  px="sm"
                  mb={6}
                  style={{ letterSpacing: '0.04em' }}
                >
                  {t(section.key === 'work' ? 'nav.sectionWork' : 'nav.sectionSettings')}
                </Text>
                {section.items.map((item) => (
                  <NavLink
                    key={item.key}
                    component={Link}
                    to={item.to}
                    label={t(`nav.${item.key}`)}
                    leftSection={<Icon name={item.icon} size={18} />}
                    active={active === item.key}
                    aria-current={active === item.key ? 'page' : undefined}
                    variant="light"
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                    mb={2}
                  />
                ))}
              </Box>
            ),
          )}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Aside p="md">
        {panel ? (
          <Suspense fallback={null}>
            <ShellPanel kind={panel} onClose={() => setPanel(null)} />
          </Suspense>
        ) : null}
      </AppShell.Aside>

      <AppShell.Main>
        <Box maw={fullWidth ? undefined : 1280} mx="auto">
          <NavItemsContext.Provider value={NAV_ITEMS}>
            {mayOpen ? <Outlet /> : <NotAllowedPage />}
          </NavItemsContext.Provider>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * The account button (avatar, name, role) and its menu. The menu's code (Mantine's Menu, Popover and Floating UI) is
 * not in the first load: it is fetched when the pointer or the focus reaches the button, or on a click, and then
 * takes the button's place, with the focus if the button had it, open if it was clicked meanwhile (ADR 0071).
 */
function Account(): ReactNode {
  const { t } = useTranslation('layout');
  const { user, orgAuth } = useSession();
  const [Menu, setMenu] = useState<typeof AccountMenu | null>(null);
  const [openWhenIn, setOpenWhenIn] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);
  const focusWhenIn = useRef(false);
  const load = useRef<Promise<void> | null>(null);
  const fetchMenu = () => {
    load.current ??= import('./account-menu.tsx').then(({ AccountMenu }) => {
      focusWhenIn.current = document.activeElement === placeholder.current;
      setMenu(() => AccountMenu);
    });
  };
  if (!user) return null;
  const fullName = `${user.first_name} ${user.family_name}`.trim();
  // Dutch family names carry prefixes ('de Vries'): the initial is that of the last word.
  const initials =
    `${user.first_name.charAt(0)}${user.family_name.trim().split(/\s+/).pop()?.charAt(0) ?? ''}`.toUpperCase();
  const role = roleInForce(user, orgAuth);
  // Known roles get a translated name; others show the name the server gives.
  const roleName = role ? t(`roles.${role.key}`, { defaultValue: role.name }) : '';
  const content = (
    <Group gap="xs" wrap="nowrap">
      <Avatar color="brand" radius="xl" size={34}>
        {initials}
      </Avatar>
      <Box visibleFrom="md" style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} lh={1.2} truncate="end" maw={160}>
          {fullName}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2} truncate="end" maw={160}>
          {roleName}
        </Text>
      </Box>
      <Icon name="chevronDown" size={16} />
    </Group>
  );
  const buttonProps = {
    'aria-label': t('account.menu'),
    style: { borderRadius: 'var(--mantine-radius-md)' },
    p: 4,
  } as const;
  if (!Menu)
    return (
      <UnstyledButton
        {...buttonProps}
        ref={placeholder}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={fetchMenu}
        onFocus={fetchMenu}
        onClick={() => {
          setOpenWhenIn(true);
          fetchMenu();
        }}
      >
        {content}
      </UnstyledButton>
    );
  return (
    <Menu
      trigger={
        <UnstyledButton {...buttonProps} autoFocus={focusWhenIn.current}>
          {content}
        </UnstyledButton>
      }
      user={user}
      roleName={roleName}
      defaultOpened={openWhenIn}
    />
  );
}
