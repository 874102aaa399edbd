import type { AdminRole, Grant, Membership } from '@hoppa/core';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { mayUse } from '../../app/area.ts';
import { useNavItems } from '../../app/nav-items.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { MutationError, QueryState } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { roleDisplayName } from '../../i18n/role-names.ts';
import { useUrlState } from '../../lib/url-state.ts';
import {
  ADMIN_PAGE_SIZE,
  useMemberships,
  usePreviewRole,
  useResetRole,
  useRoles,
  useSaveRole,
  useSetMembershipRole,
} from './api/admin-api.ts';

const METHODS = ['*', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** A grant as the editor holds it: `except` as the comma-separated text the admin types. */
interface DraftGrant {
  key: number;
  methods: string[];
  path: string;
  except: string;
}

let draftKey = 0;
const toDraft = (g: Grant): DraftGrant => ({
  key: draftKey++,
  methods: g.methods.map((m) => m.toUpperCase()),
  path: g.path,
  except: (g.except ?? []).join(', '),
});
const fromDraft = (d: DraftGrant): Grant => {
  const except = d.except
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return { methods: d.methods, path: d.path.trim(), ...(except.length > 0 ? { except } : {}) };
};

/**
 * What is wrong with a draft grant, as an i18n key of the admin texts; null when it is whole. A grant needs a path
 * (not only `/`, which opens nothing) and a method: an empty one was saved as `GET /` before.
 */
function grantProblem(d: DraftGrant): 'users.pathRequired' | 'users.methodsRequired' | null {
  const path = d.path.trim();
  if (path === '' || path === '/') return 'users.pathRequired';
  return d.methods.length === 0 ? 'users.methodsRequired' : null;
}

/** The screens of the menu a draft role may open, decided by core's permission rule (as the menu does). */
function PreviewScreens({ grants, allOrgs }: { grants: Grant[]; allOrgs: boolean }): ReactNode {
  const { t } = useTranslation(['admin', 'layout']);
  const nav = useNavItems();
  const role = { name: 'preview', grants };
  const screens = nav.filter((n) => n.needs !== 'admin' && mayUse(n.needs, role, false));
  return screens.length === 0 ? (
    <Text size="sm" c="dimmed">
      {t('users.noScreens')}
    </Text>
  ) : (
    <Group gap={6}>
      {screens.map((s) => (
        <Badge key={s.key} variant="light" color={allOrgs ? 'grape' : 'blue'}>
          {t(`layout:nav.${s.key}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** The editor of one role: name, grants (methods, path pattern, except), preview, save and reset. */
function RoleEditor({ role }: { role: AdminRole }): ReactNode {
  const { t } = useTranslation('admin');
  const save = useSaveRole();
  const reset = useResetRole();
  const preview = usePreviewRole();
  // A shipped role by its name in the UI language (as the list and the header name it), not the database's English.
  const shownName = roleDisplayName(t, role);
  const [name, setName] = useState(shownName);
  const [drafts, setDrafts] = useState<DraftGrant[]>(() => role.grants.map(toDraft));
  // The refused grants of the last Save, by draft key (shown under the grant until it changes).
  const [problems, setProblems] = useState<Record<number, string>>({});
  // Back to the server's role when it changes (after a save or reset), not on mount: Preact runs the mount's effect
  // after the paint (ADR 0063), where it would drop a grant added in that moment.
  const shownRole = useRef(role);
  useEffect(() => {
    if (shownRole.current === role) return;
    shownRole.current = role;
    setName(roleDisplayName(t, role));
    setDrafts(role.grants.map(toDraft));
  }, [role, t]);
  const grants = useMemo(
    () => drafts.filter((d) => d.path.trim() && d.methods.length > 0).map(fromDraft),
    [drafts],
  );
  const differs =
    role.is_default && role.edited_at && JSON.stringify(role.default_grants) !== JSON.stringify(role.grants);
  const change = (key: number, patch: Partial<DraftGrant>) => {
    setDrafts((ds) => ds.map((d) => (d.key === key ? { ...d, ...patch } : d)));
    setProblems(({ [key]: _fixed, ...rest }) => rest);
  };
  const submit = () => {
    const refused: Record<number, string> = {};
    for (const d of drafts) {
      const p = grantProblem(d);
      if (p) refused[d.key] = t(p);
    }
    setProblems(refused);
    if (Object.keys(refused).length > 0) return;
    save.mutate(
      // An untouched name stays the stored one: the translation shown is not saved over it.
      { id: role.id, name: name.trim() === shownName ? role.name : name.trim(), grants },
      {
        onSuccess: (r) =>
          notifications.show({ color: 'green', message: t('users.saved', { name: roleDisplayName(t, r) }) }),
      },
    );
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('users.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          w={320}
        />
        <Group gap="xs">
          {role.is_default ? <Badge variant="outline">{t('users.default')}</Badge> : null}
          {role.edited_at ? <Badge color="orange">{t('users.edited')}</Badge> : null}
          {role.all_orgs ? <Badge color="grape">{t('users.provider')}</Badge> : null}
          <Text size="sm" c="dimmed">
            {t('users.usersCount', { count: role.users })}
          </Text>
        </Group>
      </Group>
      {differs ? <Alert color="orange">{t('users.defaultDiffers')}</Alert> : null}
      <Title order={4}>{t('users.grants')}</Title>
      <Text size="xs" c="dimmed">
        {t('users.hint')}
      </Text>
      <ScrollArea.Autosize mah={420}>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.methods')}</Table.Th>
              <Table.Th>{t('users.path')}</Table.Th>
              <Table.Th>{t('users.exceptHeader')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {drafts.map((d, i) => (
              <Table.Tr key={d.key}>
                <Table.Td>
                  <Chip.Group multiple value={d.methods} onChange={(v) => change(d.key, { methods: v })}>
                    {/* Two rows of chips at most: the table fits its card at 1280 px with the except column. */}
                    <Group gap={4} maw={230}>
                      {METHODS.map((m) => (
                        <Chip key={m} value={m} size="xs" aria-label={`${m} #${i + 1}`}>
                          {m}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    ff="monospace"
                    miw={200}
                    aria-label={`${t('users.path')} #${i + 1}`}
                    placeholder="/orders*"
                    error={problems[d.key]}
                    value={d.path}
                    onChange={(e) => change(d.key, { path: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    ff="monospace"
                    miw={160}
                    aria-label={`${t('users.except')} #${i + 1}`}
                    value={d.except}
                    onChange={(e) => change(d.key, { except: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t('users.removeGrant')} #${i + 1}`}
                    onClick={() => setDrafts((ds) => ds.filter((x) => x.key !== d.key))}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group>
        <Button
          variant="light"
          onClick={() =>
            setDrafts((ds) => [...ds, { key: draftKey++, methods: ['GET'], path: '', except: '' }])
          }
        >
          {t('users.addGrant')}
        </Button>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={4}>{t('users.preview')}</Title>
            <Button
              size="xs"
              variant="default"
              onClick={() => preview.mutate(grants)}
              loading={preview.isPending}
            >
              {t('users.previewRefresh')}
            </Button>
          </Group>
          <Text size="sm" fw={600}>
            {t('users.previewScreens')}
          </Text>
          <PreviewScreens grants={grants} allOrgs={role.all_orgs} />
          <MutationError mutation={preview} />
          {preview.data ? (
            <>
              <Text size="sm" fw={600}>
                {t('users.previewCalls', { count: preview.data.total })}
              </Text>
              <ScrollArea.Autosize mah={220}>
                <Stack gap={0}>
                  {preview.data.calls.map((c) => (
                    <Text key={`${c.method} ${c.path}`} size="xs" ff="monospace">
                      {c.method.padEnd(6)} {c.path}{' '}
                      <Text span c="dimmed" size="xs">
                        — {c.summary}
                      </Text>
                    </Text>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </>
          ) : null}
        </Stack>
      </Paper>
      <MutationError mutation={save} serverMessageFor={[409]} />
      <MutationError mutation={reset} serverMessageFor={[409]} />
      <Group justify="flex-end">
        {role.is_default && role.edited_at ? (
          <Button
            variant="default"
            loading={reset.isPending}
            onClick={() =>
              reset.mutate(role.id, {
                onSuccess: (r) =>
                  notifications.show({ color: 'green', message: t('users.resetDone', { name: r.name }) }),
              })
            }
          >
            {t('users.reset')}
          </Button>
        ) : null}
        <Button loading={save.isPending} onClick={submit}>
          {t('users.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Users with their role per shop; the role of a user in a shop changes with the select. */
function Memberships({ roles }: { roles: AdminRole[] }): ReactNode {
  const { t } = useTranslation(['admin', 'layout']);
  const [state, update] = useUrlState(MembersUrlState);
  const list = useMemberships(state.mpage, state.mq);
  const setRole = useSetMembershipRole();
  const columns = useMemo(
    (): DataColumn<Membership>[] => [
      {
        id: 'user',
        header: t('users.user'),
        hideable: false,
        cell: (m) => (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {m.first_name} {m.family_name}
            </Text>
            <Text size="xs" c="dimmed">
              {m.email}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'shop',
        header: t('users.shop'),
        cell: (m) => (
          <Text size="sm">
            {m.org_name}
            {m.current ? (
              <Text span size="xs" c="dimmed">
                {' '}
                ({t('users.current')})
              </Text>
            ) : null}
          </Text>
        ),
      },
      {
        id: 'role',
        header: t('users.role'),
        cell: (m) => (
          <Select
            size="xs"
            aria-label={`${t('users.role')} ${m.email} ${m.org_name}`}
            allowDeselect={false}
            value={m.role_id}
            data={roles.map((r) => ({ value: r.id, label: roleDisplayName(t, r) }))}
            onChange={(v) => {
              if (!v || v === m.role_id) return;
              setRole.mutate(
                { user_id: m.user_id, org_id: m.org_id, role_id: v },
                {
                  onSuccess: (x) =>
                    notifications.show({
                      color: 'green',
                      message: t('users.changed', {
                        name: `${x.first_name} ${x.family_name}`,
                        role: roleDisplayName(t, {
                          key: roles.find((r) => r.id === x.role_id)?.key ?? '',
                          name: x.role_name,
                        }),
                        shop: x.org_name,
                      }),
                    }),
                },
              );
            }}
          />
        ),
      },
    ],
    [t, roles, setRole],
  );
  return (
    <Stack gap="sm">
      <TextInput
        maw={360}
        placeholder={t('users.search')}
        aria-label={t('users.search')}
        defaultValue={state.mq}
        onChange={(e) => update({ mq: e.currentTarget.value, mpage: 1 })}
      />
      <MutationError mutation={setRole} />
      <QueryState query={list}>
        {(page) => (
          <DataTable
            id="admin-memberships"
            label={t('users.members')}
            columns={columns}
            rows={page.items}
            rowKey={(m) => `${m.user_id}-${m.org_id}`}
            total={page.total}
            page={state.mpage}
            pageSize={ADMIN_PAGE_SIZE}
            onPageChange={(p) => update({ mpage: p })}
          />
        )}
      </QueryState>
    </Stack>
  );
}

const MembersUrlState = z.object({
  tab: z.enum(['roles', 'members']).default('roles'),
  role: z.string().max(24).default(''),
  mpage: z.coerce.number().int().min(1).max(100_000).default(1),
  mq: z.string().max(200).default(''),
});

/**
 * /admin/users (spec 3 §2 Admin area: users and groups; spec 3 §6 roles list methods per path pattern; issue 16): the
 * roles with their grants, editable by the provider's admin, with a preview of the menu's screens and the API calls a
 * draft allows (core's `can()`), and the users with their role per shop.
 */
export function UsersPage(): ReactNode {
  const { t } = useTranslation(['admin', 'layout']);
  const [state, update] = useUrlState(MembersUrlState);
  const roles = useRoles();
  return (
    <Stack gap="md">
      <PageHeader title={t('users.title')} description={t('users.description')} />
      <QueryState query={roles}>
        {(page) => {
          const selected = page.items.find((r) => r.id === state.role) ?? page.items[0];
          return (
            <Tabs value={state.tab} onChange={(v) => update({ tab: v === 'members' ? 'members' : 'roles' })}>
              <Tabs.List>
                <Tabs.Tab value="roles">{t('users.roles')}</Tabs.Tab>
                <Tabs.Tab value="members">{t('users.members')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="roles" pt="md">
                <SimpleGrid cols={{ base: 1, md: 4 }}>
                  <Card withBorder padding="xs">
                    {page.items.map((r) => (
                      <NavLink
                        key={r.id}
                        active={r.id === selected?.id}
                        label={roleDisplayName(t, r)}
                        description={`${r.key} · ${t('users.usersCount', { count: r.users })}`}
                        onClick={() => update({ role: r.id })}
                      />
                    ))}
                  </Card>
                  <Card withBorder style={{ gridColumn: 'span 3' }}>
                    {selected ? <RoleEditor key={selected.id} role={selected} /> : null}
                  </Card>
                </SimpleGrid>
              </Tabs.Panel>
              <Tabs.Panel value="members" pt="md">
                <Memberships roles={page.items} />
              </Tabs.Panel>
            </Tabs>
          );
        }}
      </QueryState>
    </Stack>
  );
}
