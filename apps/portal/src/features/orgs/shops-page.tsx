import { canCall, listDeactivatedOrgsEndpoint, type Org } from '@hoppa/core';
import {
  Badge,
  Button,
  Center,
  Group,
  Image,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { PATHS } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { ErrorBanner, MutationError } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUrlState } from '../../lib/url-state.ts';
import { useUrlText } from '../../lib/url-text.ts';
import { SHOPS_PAGE_SIZE, useSetShopActive, useShops, useSwitchShop } from './api/orgs.ts';

const UrlState = z.object({
  tab: z.enum(['active', 'deactivated']).default('active'),
  search: z.string().max(200).default(''),
  page: z.coerce.number().int().min(1).default(1),
});

/**
 * /orgs (spec 3 §2 Shops, §4 organisation active states): the shops the user may see, searched on the server by name
 * or contact person (300 ms after typing), paged; the current one highlighted and any other made current with one
 * click; '+' to the wizard. Provider staff (DELETE on /orgs/delete/*, spec 3 §6) see the deactivated shops too, in red
 * with 'Activeren', and deactivate active ones ('Deactiveren', the delete action, after a confirmation naming the shop
 * and what happens): nothing is deleted.
 */
export function ShopsPage(): ReactNode {
  const { t } = useTranslation('orgs');
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const mayActivate =
    canCall(role, listDeactivatedOrgsEndpoint) &&
    canCall(role, { method: 'DELETE', path: '/orgs/delete/:id' });
  const mayAdd = canCall(role, { method: 'POST', path: '/orgs' });
  const [state, update] = useUrlState(UrlState);
  const [search, setSearch] = useUrlText(state.search, (s) =>
    update({ search: s, page: 1 }, { replace: true }),
  );
  const tab = mayActivate ? state.tab : 'active';
  const list = useShops(tab, state.search, state.page);
  const setActive = useSetShopActive();
  const [confirming, setConfirming] = useState<Org | null>(null);
  /** Activates or deactivates shop `o` and says so. */
  const apply = useCallback(
    (o: Org, active: boolean) =>
      setActive.mutate(
        { id: o.id, active },
        {
          onSuccess: () => {
            setConfirming(null);
            notifications.show({
              color: 'green',
              message: t(active ? 'list.activatedDone' : 'list.deactivatedDone', { name: o.name }),
            });
          },
        },
      ),
    [setActive, t],
  );
  const switchShop = useSwitchShop();

  const columns = useMemo<DataColumn<Org>[]>(
    () => [
      {
        id: 'name',
        header: t('list.name'),
        hideable: false,
        cell: (o) => (
          <Group gap="sm" wrap="nowrap">
            <Center w={28} h={28} style={{ flexShrink: 0 }} c="dimmed">
              {o.has_logo ? (
                <Image src={`/api/orgs/logo/${o.id}`} alt="" h={28} w={28} fit="contain" radius="sm" />
              ) : (
                <Icon name="shops" size={20} />
              )}
            </Center>
            {/* The badges under the name, each as wide as its word: beside a wrapping name they spilled over
                the contact column (a badge's own minimum width is nearly nothing, its label clips). */}
            <Stack gap={2} miw={0}>
              <Text fw={o.current ? 700 : 500} c={o.active ? undefined : 'red'}>
                {o.name}
              </Text>
              {o.current || o.kind === 'provider' ? (
                <Group gap={4}>
                  {o.current ? (
                    <Badge size="sm" variant="light" miw="max-content">
                      {t('list.current')}
                    </Badge>
                  ) : null}
                  {o.kind === 'provider' ? (
                    <Badge size="sm" variant="outline" color="gray" miw="max-content">
                      {t('list.provider')}
                    </Badge>
                  ) : null}
                </Group>
              ) : null}
            </Stack>
          </Group>
        ),
      },
      { id: 'contact', header: t('list.contact'), cell: (o) => o.contact_person ?? '—' },
      { id: 'email', header: t('list.email'), cell: (o) => o.contact_person_email ?? '—' },
      { id: 'vat', header: t('list.vat'), cell: (o) => o.vat_id ?? '—' },
      {
        id: 'status',
        header: t('list.status'),
        cell: (o) => (
          <Text size="sm" fw={500} c={o.active ? 'green.8' : 'red.7'} style={{ whiteSpace: 'nowrap' }}>
            {o.active ? t('list.active') : t('list.deactivated')}
          </Text>
        ),
      },
      {
        id: 'actions',
        header: t('list.actions'),
        hiddenHeader: true,
        hideable: false,
        align: 'right',
        cell: (o) => (
          // Wrapping: side by side the two buttons pushed the table past the page at 1280 px, Deactivate half hidden.
          <Group gap={4} justify="flex-end">
            {!o.current && o.active ? (
              <Button
                size="xs"
                variant="default"
                loading={switchShop.isPending && switchShop.variables === o.id}
                onClick={() =>
                  switchShop.mutate(o.id, {
                    onSuccess: () =>
                      notifications.show({ color: 'green', message: t('list.switched', { name: o.name }) }),
                  })
                }
              >
                {t('list.makeCurrent')}
              </Button>
            ) : null}
            {mayActivate && o.kind !== 'provider' ? (
              <Button
                size="xs"
                variant={o.active ? 'subtle' : 'light'}
                color={o.active ? 'red' : 'green'}
                loading={setActive.isPending && setActive.variables?.id === o.id}
                // Deactivating asks first (the shop leaves every switcher and pick filter); activating acts at once.
                onClick={() => (o.active ? setConfirming(o) : apply(o, true))}
              >
                {o.active ? t('list.deactivate') : t('list.activate')}
              </Button>
            ) : null}
          </Group>
        ),
      },
    ],
    [t, mayActivate, setActive, switchShop, apply],
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('list.title')}
        description={t('list.intro')}
        actions={
          mayAdd ? (
            <Button
              component={Link}
              to={PATHS.orgsAdd}
              leftSection={<Icon name="plus" size={16} />}
              aria-label={t('list.add')}
            >
              {t('list.add')}
            </Button>
          ) : null
        }
      />
      <Group gap="md" align="flex-end">
        <TextInput
          style={{ flex: '1 1 18rem' }}
          label={t('list.search')}
          placeholder={t('list.searchHint')}
          leftSection={<Icon name="search" size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {mayActivate ? (
          <SegmentedControl
            aria-label={t('list.status')}
            value={tab}
            onChange={(v) => update({ tab: v as 'active' | 'deactivated', page: 1 })}
            data={[
              { value: 'active', label: t('list.activeTab') },
              { value: 'deactivated', label: t('list.deactivatedTab') },
            ]}
          />
        ) : null}
      </Group>
      <MutationError mutation={setActive} serverMessageFor={[409]} />
      <MutationError mutation={switchShop} />
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('list.deactivateTitle', { name: confirming?.name ?? '' })}
      >
        <Stack gap="md">
          <Text size="sm">{t('list.deactivateText', { name: confirming?.name ?? '' })}</Text>
          <MutationError mutation={setActive} serverMessageFor={[409]} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('list.cancel')}
            </Button>
            <Button
              color="red"
              loading={setActive.isPending}
              onClick={() => (confirming ? apply(confirming, false) : undefined)}
            >
              {t('list.deactivateConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {list.isError ? <ErrorBanner error={list.error} /> : null}
      {/* Padded like every other list's card, so its count and Columns button stay off the border (ADR 0135). */}
      <Paper withBorder radius="md" p="sm">
        <DataTable
          id="shops"
          label={t('list.title')}
          columns={columns}
          rows={list.data?.items ?? []}
          rowKey={(o) => o.id}
          total={list.data?.total ?? 0}
          page={state.page}
          pageSize={SHOPS_PAGE_SIZE}
          onPageChange={(p) => update({ page: p })}
        />
        {list.data && list.data.items.length === 0 ? (
          <Text p="md" c="dimmed" size="sm">
            {state.search
              ? t('list.noMatch')
              : tab === 'deactivated'
                ? t('list.noneDeactivated')
                : t('list.none')}
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}
