import {
  canCall,
  isProblem,
  type ShopUser,
  sortValues,
  USER_SORT_FIELDS,
  userLicenceEndpoint,
} from '@hoppa/core';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { PATHS } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { ErrorBanner, MutationError, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUrlState } from '../../lib/url-state.ts';
import { AddUserForm } from './add-user-form.tsx';
import { USERS_PAGE_SIZE, usePlans, useSendReset, useSetLicence, useShopUsers } from './api/users.ts';
import { UsersImport } from './users-import.tsx';

const UrlState = z.object({
  page: z.coerce.number().int().min(1).default(1),
  q: z.string().max(200).default(''),
  sort: z.enum(sortValues(USER_SORT_FIELDS)).default('family_name'),
});

/**
 * An e-mail address that may break before its `@` (and only there) when the table is short of room, so a long address
 * takes two lines instead of pushing the row actions out of view at 1280 px.
 */
function EmailCell({ email }: { email: string }): ReactNode {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/**
 * /settings/users (spec 3 §2 Users; issue 16): the current shop's users with first name, last name, e-mail, licence
 * (a select of the plans), the status badge (verified or invited) and the reset-password action, searched (300 ms) and paged on the
 * server. /settings/users/add and /settings/users/import open the add form and the users import inside the page.
 * The licence counts of the shop ('CSR Manager', 'Stakeholders') show above the list.
 */
export function UsersPage(): ReactNode {
  const { t } = useTranslation('users');
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const mayAdd = canCall(role, { method: 'POST', path: '/users' });
  const mayLicence = canCall(role, userLicenceEndpoint);
  const { pathname } = useLocation();
  const panel = pathname.endsWith('/add') ? 'add' : pathname.endsWith('/import') ? 'import' : null;
  const [state, update] = useUrlState(UrlState);
  const [search, setSearch] = useState(state.q);
  useEffect(() => {
    const id = setTimeout(() => {
      if (search !== state.q) update({ q: search, page: 1 }, { replace: true });
    }, 300);
    return () => clearTimeout(id);
  }, [search, state.q, update]);
  const list = useShopUsers(state.page, state.q, state.sort);
  const plans = usePlans();
  const setLicence = useSetLicence();
  const reset = useSendReset();
  const licences = user?.curr_org?.licences ?? [];

  const columns = useMemo<DataColumn<ShopUser>[]>(
    () => [
      { id: 'first_name', header: t('list.firstName'), sortable: true, cell: (u) => u.first_name },
      {
        id: 'family_name',
        header: t('list.lastName'),
        sortable: true,
        hideable: false,
        cell: (u) => u.family_name,
      },
      { id: 'email', header: t('list.email'), sortable: true, cell: (u) => <EmailCell email={u.email} /> },
      {
        id: 'licence',
        header: t('list.licence'),
        cell: (u) => (
          <Select
            size="xs"
            w={150}
            aria-label={t('list.licenceFor', { name: `${u.first_name} ${u.family_name}` })}
            data={(plans.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={u.licence_id}
            placeholder={t('list.noLicence')}
            disabled={!mayLicence || setLicence.isPending}
            allowDeselect={false}
            onChange={(id) => {
              const plan = plans.data?.find((p) => p.id === id);
              if (!id || !plan) return;
              setLicence.mutate(
                { user_id: u._id, licence_id: id },
                {
                  onSuccess: () =>
                    notifications.show({
                      color: 'green',
                      message: t('list.licenceChanged', {
                        name: `${u.first_name} ${u.family_name}`,
                        licence: plan.name,
                      }),
                    }),
                },
              );
            }}
          />
        ),
      },
      {
        id: 'confirmed',
        header: t('list.status'),
        // A short badge, not the sentence: the Dutch sentence took four lines and, with the reset action, a sideways
        // scroll at 1280 px (session 41). The sentence stays as the badge's title (one tooltip, the browser's).
        cell: (u) =>
          u.confirmed ? (
            <Badge color="green" variant="light" tt="none" size="sm" miw="max-content">
              {t('list.verified')}
            </Badge>
          ) : (
            <Badge
              color="gray"
              variant="light"
              tt="none"
              size="sm"
              miw="max-content"
              title={t('list.notVerified')}
            >
              {t('list.invited')}
            </Badge>
          ),
      },
      {
        id: 'reset',
        header: t('list.reset'),
        hiddenHeader: true,
        cell: (u) => (
          <Tooltip label={t('list.reset')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('list.resetFor', { name: `${u.first_name} ${u.family_name}` })}
              disabled={reset.isPending}
              onClick={() =>
                reset.mutate(u.email, {
                  onSuccess: () =>
                    notifications.show({ color: 'green', message: t('list.resetSent', { email: u.email }) }),
                })
              }
            >
              <Icon name="mail" size={18} />
            </ActionIcon>
          </Tooltip>
        ),
      },
    ],
    [t, plans.data, mayLicence, setLicence, reset],
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('list.title')}
        description={t('list.intro')}
        actions={
          mayAdd ? (
            <Group gap="sm">
              <Button
                component={Link}
                to={PATHS.settingsUsersAdd}
                leftSection={<Icon name="plus" size={16} />}
              >
                {t('list.add')}
              </Button>
              <Button component={Link} to={PATHS.settingsUsersImport} variant="default">
                {t('list.import')}
              </Button>
            </Group>
          ) : null
        }
      />
      {licences.length > 0 && (
        <Group gap="lg" data-testid="licence-counts">
          {licences.map((l) => (
            <Text key={l.name} size="sm" c={l.used > l.count ? 'red.8' : undefined} fw={500}>
              {t('list.counts', l)}
            </Text>
          ))}
          {licences.every((l) => l.count === 0) && (
            <Text size="sm" c="orange.9">
              {t('list.noSubscription')}{' '}
              <Anchor component={Link} to={PATHS.subscriptionsAdd}>
                {t('list.pricing')}
              </Anchor>
            </Text>
          )}
        </Group>
      )}
      {panel === 'add' && <AddUserForm plans={plans.data ?? []} />}
      {panel === 'import' && <UsersImport />}
      <MutationError mutation={setLicence} serverMessageFor={[409]} />
      {isProblem(setLicence.error, userLicenceEndpoint, 'no_licence_left') && (
        <Anchor component={Link} to={PATHS.subscriptionsAdd} size="sm">
          {t('list.pricing')}
        </Anchor>
      )}
      <MutationError mutation={reset} />
      <TextInput
        placeholder={t('list.search')}
        aria-label={t('list.search')}
        leftSection={<Icon name="search" size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      {list.isError ? (
        <ErrorBanner error={list.error} />
      ) : !list.data ? (
        <PageLoader />
      ) : list.data.total === 0 ? (
        <Alert color="gray" variant="light">
          {t('list.empty')}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="sm">
          <DataTable
            id="shop-users"
            label={t('list.title')}
            columns={columns}
            rows={list.data.items}
            rowKey={(u) => `${u._id}-${u.org_id}`}
            total={list.data.total}
            page={state.page}
            pageSize={USERS_PAGE_SIZE}
            onPageChange={(p) => update({ page: p })}
            sort={state.sort}
            onSortChange={(s) => update({ sort: s as typeof state.sort, page: 1 })}
          />
        </Paper>
      )}
    </Stack>
  );
}
