import {
  type AdminSurcharge,
  euroFromText,
  SURCHARGE_TYPES,
  SurchargeFormSchema,
  type SurchargePatch,
} from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import {
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
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
import { ADMIN_PAGE_SIZE, useAddSurcharge, useAdminSurcharges, useUpdateSurcharge } from './api/admin-api.ts';

type EditField = 'name' | 'code' | 'price' | 'note';

/** What a cell shows and how its typed text becomes the patch; `null` when the text is not acceptable. */
function patchOf(field: EditField, text: string): SurchargePatch | null {
  const v = text.trim();
  const schema = SurchargeFormSchema.shape[field];
  if (!schema.safeParse(v).success) return null;
  if ((field === 'name' || field === 'code') && v === '') return null;
  if (field === 'price') return { price: euroFromText(v) };
  if (field === 'note') return { note: v === '' ? null : v };
  return { [field]: v };
}

/**
 * One cell of the surcharge list editable in place (spec 3 §2: name, code, price and note cells are editable in
 * place): a click (or Enter on the focused cell) turns it into an input; Enter or leaving the field saves through
 * `PUT /surcharges/:id`, Escape cancels; a refused value stays open with the reason.
 */
function EditableCell(props: { row: AdminSurcharge; field: EditField }): ReactNode {
  const { t } = useTranslation('admin');
  const update = useUpdateSurcharge();
  const { row, field } = props;
  const shown =
    field === 'price'
      ? formatMoney(row.price_cents)
      : field === 'note'
        ? (row.note ?? '')
        : String(row[field]);
  const initial =
    field === 'price'
      ? row.price.toFixed(2).replace('.', ',')
      : field === 'note'
        ? (row.note ?? '')
        : String(row[field]);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const label = t('surcharges.editCell', { field: t(`surcharges.col.${field}`), name: row.name });
  const save = () => {
    if (text.trim() === initial.trim()) {
      setEditing(false);
      return;
    }
    const patch = patchOf(field, text);
    if (!patch) {
      // A whole sentence under the cell, not only the field's name in red.
      const what = t(`surcharges.col.${field}`);
      setError(
        text.trim() === ''
          ? t('surcharges.cellRequired', { field: what })
          : field === 'price'
            ? t('surcharges.cellPrice')
            : t('surcharges.cellInvalid', { field: what }),
      );
      return;
    }
    update.mutate(
      { id: row.id, patch },
      {
        onSuccess: () => {
          setEditing(false);
          setError(null);
          notifications.show({ color: 'green', message: t('surcharges.updated') });
        },
      },
    );
  };
  if (!editing)
    return (
      <UnstyledButton
        aria-label={label}
        onClick={() => {
          setText(initial);
          setEditing(true);
        }}
        style={{ minWidth: 40, minHeight: 24, borderBottom: '1px dashed var(--mantine-color-gray-4)' }}
      >
        <Text size="sm" ff={field === 'code' ? 'monospace' : undefined}>
          {shown || t('common.none')}
        </Text>
      </UnstyledButton>
    );
  return (
    <Stack gap={2}>
      <TextInput
        size="xs"
        aria-label={label}
        autoFocus
        value={text}
        error={error ?? undefined}
        disabled={update.isPending}
        inputMode={field === 'price' ? 'decimal' : undefined}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setError(null);
        }}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          } else if (e.key === 'Escape') {
            setEditing(false);
            setError(null);
          }
        }}
      />
      <MutationError mutation={update} serverMessageFor={[409]} />
    </Stack>
  );
}

const SurchargesUrlState = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/**
 * /admin/surcharge (spec 3 §2 Surcharge list: columns name, code, price, note, type, product, order; name, code,
 * price and note editable in place; an Add button opens /admin/surcharge/add; §7 `GET /surcharges/list`).
 */
export function SurchargesPage(): ReactNode {
  const { t } = useTranslation('admin');
  const [state, update] = useUrlState(SurchargesUrlState);
  const list = useAdminSurcharges(state.page);
  const columns = useMemo(
    (): DataColumn<AdminSurcharge>[] => [
      {
        id: 'name',
        header: t('surcharges.col.name'),
        hideable: false,
        cell: (s) => <EditableCell row={s} field="name" />,
      },
      { id: 'code', header: t('surcharges.col.code'), cell: (s) => <EditableCell row={s} field="code" /> },
      { id: 'price', header: t('surcharges.col.price'), cell: (s) => <EditableCell row={s} field="price" /> },
      { id: 'note', header: t('surcharges.col.note'), cell: (s) => <EditableCell row={s} field="note" /> },
      {
        id: 'type',
        header: t('surcharges.col.type'),
        cell: (s) => (
          <Badge variant="light" title={t(`surcharges.typeHint.${s.type}`)}>
            {t(`surcharges.type.${s.type}`)}
          </Badge>
        ),
      },
      {
        id: 'product',
        header: t('surcharges.col.product'),
        cell: (s) => t('surcharges.productCount', { count: s.products }),
      },
      {
        id: 'order',
        header: t('surcharges.col.order'),
        cell: (s) => (s.order ? t('common.yes') : t('common.no')),
      },
    ],
    [t],
  );
  return (
    <Stack gap="md">
      <PageHeader
        title={t('surcharges.title')}
        description={t('surcharges.description')}
        actions={
          <Button component={Link} to={PATHS.adminSurchargeAdd}>
            {t('surcharges.add')}
          </Button>
        }
      />
      <QueryState query={list}>
        {(page) =>
          page.items.length === 0 ? (
            <Text c="dimmed">{t('surcharges.empty')}</Text>
          ) : (
            <DataTable
              id="admin-surcharges"
              label={t('surcharges.title')}
              columns={columns}
              rows={page.items}
              rowKey={(s) => s.id}
              total={page.total}
              page={state.page}
              pageSize={ADMIN_PAGE_SIZE}
              onPageChange={(p) => update({ page: p })}
            />
          )
        }
      </QueryState>
    </Stack>
  );
}

type AddField = keyof typeof SurchargeFormSchema.shape;

/** /admin/surcharge/add (spec 3 §2 Add surcharge form, §5: name and code required, price, note, type select). */
export function SurchargeAddPage(): ReactNode {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const add = useAddSurcharge();
  const { form, field, onSubmit } = useZodForm<AddField>(SurchargeFormSchema, {
    name: '',
    code: '',
    price: '',
    note: '',
    type: 'order-line',
  });
  const submit = onSubmit((v) =>
    add.mutate(
      {
        name: v.name.trim(),
        code: v.code.trim(),
        price: euroFromText(v.price),
        note: v.note.trim() || null,
        type: v.type as AdminSurcharge['type'],
      },
      {
        onSuccess: (s) => {
          notifications.show({ color: 'green', message: t('surcharges.added', { code: s.code }) });
          navigate(PATHS.adminSurcharge);
        },
      },
    ),
  );
  const type = form.values.type as AdminSurcharge['type'];
  return (
    <Stack maw={560} gap="md">
      <PageHeader
        title={t('surcharges.addTitle')}
        actions={
          <Button component={Link} to={PATHS.adminSurcharge} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label={t('surcharges.field.name')} required {...field('name')} />
          <TextInput
            label={t('surcharges.field.code')}
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...field('code')}
          />
          <TextInput label={t('surcharges.field.price')} inputMode="decimal" {...field('price')} />
          <Textarea label={t('surcharges.field.note')} autosize minRows={2} {...field('note')} />
          <Select
            label={t('surcharges.field.type')}
            description={t(`surcharges.typeHint.${type}`)}
            allowDeselect={false}
            data={SURCHARGE_TYPES.map((x) => ({ value: x, label: t(`surcharges.type.${x}`) }))}
            value={type}
            onChange={(v) => form.setFieldValue('type', v ?? 'order-line')}
          />
          <MutationError mutation={add} serverMessageFor={[409]} />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
