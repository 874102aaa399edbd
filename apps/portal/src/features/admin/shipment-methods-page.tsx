import type { AdminShipmentMethod } from '@hoppa/core';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { PATHS } from '../../app/paths.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { QueryState } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatMoney } from '../../lib/money.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { ADMIN_PAGE_SIZE, useShipmentMethodGroups, useShipmentMethods } from './api/admin-api.ts';
import { carrierName, ShipmentMethodForm } from './shipment-method-form.tsx';

const MethodsUrlState = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().max(200).default(''),
  group: z.string().max(100).default(''),
});

/**
 * /admin/shipment_method (spec 3 §2 Admin area: shipment methods; §7 `GET /shipment_methods/list`, `/groups`): the
 * methods by group with price, purchase price, cut-off and surcharges, filtered by group or search; a row's Edit
 * opens the form in a dialog; Add leads to /admin/shipment_method/add.
 */
export function ShipmentMethodsPage(): ReactNode {
  const { t } = useTranslation('admin');
  const [state, update] = useUrlState(MethodsUrlState);
  const list = useShipmentMethods(state.page, state.q, state.group);
  const groups = useShipmentMethodGroups();
  const [editing, setEditing] = useState<AdminShipmentMethod | null>(null);
  const groupNames = (groups.data ?? []).flatMap((g) => (g.group ? [g.group] : []));
  const columns = useMemo(
    (): DataColumn<AdminShipmentMethod>[] => [
      {
        id: 'name',
        header: t('methods.col.name'),
        hideable: false,
        cell: (m) => (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {m.name}
            </Text>
            <Text size="xs" c="dimmed">
              {carrierName(t, m.carrier)}
              {m.country_code ? ` · ${m.country_code}` : ''}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'code',
        header: t('methods.col.code'),
        cell: (m) => (
          <Text ff="monospace" size="sm">
            {m.code}
          </Text>
        ),
      },
      { id: 'group', header: t('methods.col.group'), cell: (m) => m.group ?? t('common.none') },
      {
        id: 'price',
        header: t('methods.col.price'),
        align: 'right',
        cell: (m) => formatMoney(m.price_cents),
      },
      {
        id: 'purchase',
        header: t('methods.col.purchase'),
        align: 'right',
        cell: (m) => formatMoney(m.purchase_price_cents),
      },
      { id: 'cutOff', header: t('methods.col.cutOff'), cell: (m) => m.cut_off ?? t('common.none') },
      {
        id: 'lateDrop',
        header: t('methods.col.lateDrop'),
        align: 'right',
        cell: (m) => formatMoney(m.late_drop_surcharge_cents),
      },
      {
        id: 'peak',
        header: t('methods.col.peak'),
        align: 'right',
        cell: (m) => formatMoney(m.peak_surcharge_cents),
      },
      { id: 'open', header: t('methods.col.open'), align: 'right', cell: (m) => m.open_orders },
      {
        id: 'status',
        header: t('methods.col.status'),
        cell: (m) => (
          <Text size="sm" c={m.active ? 'green.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
            {m.active ? t('common.active') : t('common.inactive')}
          </Text>
        ),
      },
      {
        id: 'actions',
        header: t('common.edit'),
        hiddenHeader: true,
        hideable: false,
        cell: (m) => (
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing(m)}
            aria-label={`${t('common.edit')} ${m.code}`}
          >
            {t('common.edit')}
          </Button>
        ),
      },
    ],
    [t],
  );
  return (
    <Stack gap="md">
      <PageHeader
        title={t('methods.title')}
        description={t('methods.description')}
        actions={
          <Button component={Link} to={PATHS.adminShipmentMethodAdd}>
            {t('methods.add')}
          </Button>
        }
      />
      <Group>
        <TextInput
          placeholder={t('common.search')}
          aria-label={t('common.search')}
          defaultValue={state.q}
          onChange={(e) => update({ q: e.currentTarget.value, page: 1 })}
        />
        <Select
          aria-label={t('methods.col.group')}
          placeholder={t('methods.allGroups')}
          clearable
          value={state.group || null}
          onChange={(v) => update({ group: v ?? '', page: 1 })}
          data={(groups.data ?? []).flatMap((g) =>
            g.group ? [{ value: g.group, label: `${g.group} (${g.methods})` }] : [],
          )}
        />
      </Group>
      <QueryState query={list}>
        {(page) =>
          page.items.length === 0 ? (
            <Text c="dimmed">{t('methods.empty')}</Text>
          ) : (
            <DataTable
              id="admin-shipment-methods"
              label={t('methods.title')}
              columns={columns}
              rows={page.items}
              rowKey={(m) => m.id}
              total={page.total}
              page={state.page}
              pageSize={ADMIN_PAGE_SIZE}
              onPageChange={(p) => update({ page: p })}
            />
          )
        }
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('methods.editTitle', { name: editing.name }) : ''}
        size="lg"
      >
        {editing ? (
          <ShipmentMethodForm
            method={editing}
            groups={groupNames}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              notifications.show({ color: 'green', message: t('common.saved') });
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

/** /admin/shipment_method/add (spec 3 §2 Add shipment method form): the form; back to the list once saved. */
export function ShipmentMethodAddPage(): ReactNode {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const groups = useShipmentMethodGroups();
  return (
    <Stack maw={760} gap="md">
      <PageHeader
        title={t('methods.addTitle')}
        actions={
          <Button component={Link} to={PATHS.adminShipmentMethod} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <ShipmentMethodForm
        method={null}
        groups={(groups.data ?? []).flatMap((g) => (g.group ? [g.group] : []))}
        onSaved={(m) => {
          notifications.show({ color: 'green', message: t('methods.added', { code: m.code }) });
          navigate(PATHS.adminShipmentMethod);
        }}
      />
    </Stack>
  );
}
