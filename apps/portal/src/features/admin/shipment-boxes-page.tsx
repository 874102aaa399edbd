import { type AdminShipmentBox, euroFromText, ShipmentBoxFormSchema } from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { Button, Checkbox, Group, Input, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { PATHS } from '../../app/paths.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { MutationError, QueryState } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatMoney } from '../../lib/money.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { ADMIN_PAGE_SIZE, useSaveShipmentBox, useShipmentBoxes } from './api/admin-api.ts';

type Field = keyof typeof ShipmentBoxFormSchema.shape;
const euroText = (n: number) => (n === 0 ? '' : n.toFixed(2).replace('.', ','));

/**
 * The shipment box form (spec 3 §2 Shipment box form: name, max_size and fulfillment_cost required; package_cost,
 * purchase_cost, package_code), for adding (`box` null) and editing.
 */
function ShipmentBoxForm(props: {
  box: AdminShipmentBox | null;
  onSaved: (b: AdminShipmentBox) => void;
  onCancel?: () => void;
}): ReactNode {
  const { t } = useTranslation('admin');
  const b = props.box;
  const save = useSaveShipmentBox();
  const [active, setActive] = useState(b?.active ?? true);
  const { field, onSubmit } = useZodForm<Field>(ShipmentBoxFormSchema, {
    name: b?.name ?? '',
    L: b?.max_size ? String(b.max_size.L) : '',
    W: b?.max_size ? String(b.max_size.W) : '',
    H: b?.max_size ? String(b.max_size.H) : '',
    fulfillment_cost: b ? b.fulfillment_cost.toFixed(2).replace('.', ',') : '',
    package_cost: b ? euroText(b.package_cost) : '',
    purchase_cost: b ? euroText(b.purchase_cost) : '',
    package_code: b?.package_code ?? '',
  });
  const submit = onSubmit((v) =>
    save.mutate(
      {
        id: b?.id ?? null,
        body: {
          name: v.name.trim(),
          ...(b ? { label: b.label === b.name ? v.name.trim() : b.label } : {}),
          max_size: { L: Number(v.L), W: Number(v.W), H: Number(v.H) },
          fulfillment_cost: euroFromText(v.fulfillment_cost),
          package_cost: euroFromText(v.package_cost),
          purchase_cost: euroFromText(v.purchase_cost),
          package_code: v.package_code.trim() || null,
          active,
        },
      },
      { onSuccess: props.onSaved },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput label={t('boxes.field.name')} required {...field('name')} />
        <Input.Wrapper label={t('boxes.field.size')} required>
          <SimpleGrid cols={3}>
            <TextInput
              aria-label={t('boxes.field.L')}
              placeholder={t('boxes.field.L')}
              inputMode="numeric"
              {...field('L')}
            />
            <TextInput
              aria-label={t('boxes.field.W')}
              placeholder={t('boxes.field.W')}
              inputMode="numeric"
              {...field('W')}
            />
            <TextInput
              aria-label={t('boxes.field.H')}
              placeholder={t('boxes.field.H')}
              inputMode="numeric"
              {...field('H')}
            />
          </SimpleGrid>
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('boxes.field.fulfillment_cost')}
            required
            inputMode="decimal"
            {...field('fulfillment_cost')}
          />
          <TextInput label={t('boxes.field.package_cost')} inputMode="decimal" {...field('package_cost')} />
          <TextInput label={t('boxes.field.purchase_cost')} inputMode="decimal" {...field('purchase_cost')} />
        </SimpleGrid>
        <TextInput
          label={t('boxes.field.package_code')}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...field('package_code')}
        />
        <Checkbox
          label={t('boxes.field.active')}
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        <MutationError mutation={save} serverMessageFor={[409]} />
        <Group justify="flex-end">
          {props.onCancel ? (
            <Button variant="default" onClick={props.onCancel}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const BoxesUrlState = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().max(200).default(''),
});

/**
 * /admin/shipment_box (spec 3 §2 Admin area: shipment boxes; §7 `GET /shipment_boxes/list`): the boxes with their
 * size and costs; Edit opens the form in a dialog, Add leads to /admin/shipment_box/add.
 */
export function ShipmentBoxesPage(): ReactNode {
  const { t } = useTranslation('admin');
  const [state, update] = useUrlState(BoxesUrlState);
  const list = useShipmentBoxes(state.page, state.q);
  const [editing, setEditing] = useState<AdminShipmentBox | null>(null);
  const columns = useMemo(
    (): DataColumn<AdminShipmentBox>[] => [
      {
        id: 'name',
        header: t('boxes.col.name'),
        hideable: false,
        cell: (b) => (
          <Text fw={600} size="sm">
            {b.name}
          </Text>
        ),
      },
      {
        id: 'size',
        header: t('boxes.col.size'),
        // No-break spaces: '380 × 265 × 32' stays on one line instead of one number a line in a narrow column.
        cell: (b) =>
          b.max_size ? [b.max_size.L, b.max_size.W, b.max_size.H].join('\u00a0×\u00a0') : t('common.none'),
      },
      {
        id: 'fulfillment',
        header: t('boxes.col.fulfillment'),
        align: 'right',
        cell: (b) => formatMoney(b.fulfillment_cost_cents),
      },
      {
        id: 'package',
        header: t('boxes.col.package'),
        align: 'right',
        cell: (b) => formatMoney(b.package_cost_cents),
      },
      {
        id: 'purchase',
        header: t('boxes.col.purchase'),
        align: 'right',
        cell: (b) => formatMoney(b.purchase_cost_cents),
      },
      {
        id: 'code',
        header: t('boxes.col.code'),
        cell: (b) => (
          <Text ff="monospace" size="sm">
            {b.package_code ?? t('common.none')}
          </Text>
        ),
      },
      {
        id: 'status',
        header: t('boxes.col.status'),
        cell: (b) => (
          <Text size="sm" c={b.active ? 'green.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
            {b.active ? t('common.active') : t('common.inactive')}
          </Text>
        ),
      },
      {
        id: 'actions',
        header: t('common.edit'),
        hiddenHeader: true,
        hideable: false,
        cell: (b) => (
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing(b)}
            aria-label={`${t('common.edit')} ${b.name}`}
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
        title={t('boxes.title')}
        description={t('boxes.description')}
        actions={
          <Button component={Link} to={PATHS.adminShipmentBoxAdd}>
            {t('boxes.add')}
          </Button>
        }
      />
      <TextInput
        maw={320}
        placeholder={t('common.search')}
        aria-label={t('common.search')}
        defaultValue={state.q}
        onChange={(e) => update({ q: e.currentTarget.value, page: 1 })}
      />
      <QueryState query={list}>
        {(page) =>
          page.items.length === 0 ? (
            <Text c="dimmed">{t('boxes.empty')}</Text>
          ) : (
            <DataTable
              id="admin-shipment-boxes"
              label={t('boxes.title')}
              columns={columns}
              rows={page.items}
              rowKey={(b) => b.id}
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
        title={editing ? t('boxes.editTitle', { name: editing.name }) : ''}
        size="lg"
      >
        {editing ? (
          <ShipmentBoxForm
            box={editing}
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

/** /admin/shipment_box/add (spec 3 §2 Shipment box form): the form; back to the list once saved. */
export function ShipmentBoxAddPage(): ReactNode {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <Stack maw={640} gap="md">
      <PageHeader
        title={t('boxes.addTitle')}
        actions={
          <Button component={Link} to={PATHS.adminShipmentBox} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <ShipmentBoxForm
        box={null}
        onSaved={(b) => {
          notifications.show({ color: 'green', message: t('boxes.added', { name: b.name }) });
          navigate(PATHS.adminShipmentBox);
        }}
      />
    </Stack>
  );
}
