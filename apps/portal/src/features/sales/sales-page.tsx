import {
  DEFAULT_SALE_QUERY,
  formatDate,
  formatDateTime,
  parseSaleQuery,
  SALE_QUERY_MAX_CHARS,
  SALE_SORT_FIELDS,
  SALES_PAGE_SIZE,
  type Sale,
  sortValues,
  VALIDATION_REASON_CODES,
} from '@hoppa/core';
import { codedReasonText } from '@hoppa/web';
import { Anchor, Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUrlState } from '../../lib/url-state.ts';
import { useSales, useSetContacted } from './api/sales-api.ts';

const SalesUrlState = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: z.enum(['', ...sortValues(SALE_SORT_FIELDS)]).default(''),
  q: z.string().max(SALE_QUERY_MAX_CHARS).default(DEFAULT_SALE_QUERY),
});

/**
 * The 'contacted' checkbox of a lead: saves through `PUT /sales` at once, shows when it was ticked. The click's
 * intent is shown from the click on until the save has settled (the mutation waits for the list's reload): the box
 * follows the list otherwise, and the mutation's own state reaches the screen only a render later, so it flicked back
 * to the old value in between (ADR 0133 §8). A failed save shows the list's value again, with the error.
 */
function ContactedCell({ sale }: { sale: Sale }): ReactNode {
  const { t } = useTranslation('sales');
  const save = useSetContacted();
  const [intent, setIntent] = useState<boolean | null>(null);
  const checked = intent ?? sale.contacted;
  return (
    <Checkbox
      aria-label={t('contactedLabel', { name: sale.name })}
      title={sale.contacted_at ? t('contactedSince', { date: formatDateTime(sale.contacted_at) }) : undefined}
      checked={checked}
      disabled={save.isPending}
      error={save.isError ? t('saveFailed', { name: sale.name }) : undefined}
      onChange={(e) => {
        const contacted = e.currentTarget.checked;
        setIntent(contacted);
        save.mutate({ id: sale.id, contacted }, { onSettled: () => setIntent(null) });
      }}
    />
  );
}

/** A link to the marketplace, in a new tab without handing it this window (rel noopener). */
function OutLink({ href, what, name }: { href: string; what: string; name: string }): ReactNode {
  const { t } = useTranslation('sales');
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
      aria-label={t('opensNewTab', { what, name })}
    >
      {what} ↗
    </Anchor>
  );
}

/**
 * /sales (spec 3 §2 Sales dashboard (beta), §7 `GET /sales?query`, `PUT /sales`): a textarea holding the query (core
 * `parseSaleQuery`: checked here before it is sent, the server checks it again), a sortable table of the leads with
 * draggable column widths, a 'contacted' checkbox that saves at once and links to the marketplace, 50 rows a page with
 * Previous / Next and 'Page x of y'. The query, sort and page live in the URL, so a reload keeps them.
 */
export function SalesPage(): ReactNode {
  const { t } = useTranslation('sales');
  const [state, update] = useUrlState(SalesUrlState);
  const [draft, setDraft] = useState(state.q);
  const [problem, setProblem] = useState<string | null>(null);
  const list = useSales(state.q, state.page, state.sort);

  const run = (text: string) => {
    setDraft(text);
    const parsed = parseSaleQuery(text, new Date());
    if (!parsed.ok) {
      const { code, values, message } = parsed.problem;
      setProblem(
        codedReasonText(t, 'common:reasons', VALIDATION_REASON_CODES, { code, values, reason: message }),
      );
      return;
    }
    setProblem(null);
    // A blank query is every lead: the empty pipeline, since an empty URL value reads as the default query.
    update({ q: text.trim() === '' ? '[]' : text, page: 1 });
  };

  const columns = useMemo(
    (): DataColumn<Sale>[] => [
      { id: 'name', header: t('col.name'), sortable: true, hideable: false, cell: (s) => s.name },
      { id: 'address', header: t('col.address'), sortable: true, cell: (s) => s.address },
      {
        id: 'products',
        header: t('col.products'),
        sortable: true,
        descFirst: true,
        align: 'right',
        cell: (s) => s.products.toLocaleString('nl-NL'),
      },
      { id: 'delivery_time', header: t('col.delivery_time'), sortable: true, cell: (s) => s.delivery_time },
      {
        id: 'updated',
        header: t('col.updated'),
        sortable: true,
        descFirst: true,
        cell: (s) => <span title={formatDateTime(s.updated)}>{formatDate(s.updated)}</span>,
      },
      {
        id: 'contacted',
        header: t('col.contacted'),
        sortable: true,
        cell: (s) => <ContactedCell sale={s} />,
      },
      {
        id: 'actions',
        header: t('col.actions'),
        cell: (s) => (
          <Group gap="xs" wrap="nowrap">
            <OutLink href={s.profile_link} what={t('profile')} name={s.name} />
            {s.contact_link ? <OutLink href={s.contact_link} what={t('contact')} name={s.name} /> : null}
          </Group>
        ),
      },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <PageHeader title={t('title')} description={t('description')} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          run(draft);
        }}
      >
        <Stack gap="xs">
          <Textarea
            label={t('query.label')}
            description={t('query.help')}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                run(draft);
              }
            }}
            autosize
            minRows={3}
            maxRows={12}
            maxLength={SALE_QUERY_MAX_CHARS}
            spellCheck={false}
            error={problem ?? undefined}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          {list.isError ? <ErrorBanner error={list.error} /> : null}
          <Group gap="sm">
            <Button type="submit">{t('query.run')}</Button>
            <Button variant="default" onClick={() => run(DEFAULT_SALE_QUERY)}>
              {t('query.reset')}
            </Button>
          </Group>
        </Stack>
      </form>
      {list.data ? (
        list.data.items.length === 0 ? (
          <Text c="dimmed">{t('empty')}</Text>
        ) : (
          <DataTable
            id="sales"
            label={t('title')}
            columns={columns}
            rows={list.data.items}
            rowKey={(s) => s.id}
            total={list.data.total}
            page={state.page}
            pageSize={SALES_PAGE_SIZE}
            onPageChange={(p) => update({ page: p })}
            sort={state.sort || undefined}
            onSortChange={(sort) => update({ sort: sort as typeof state.sort, page: 1 })}
            resizable
            pager="prevNext"
            minWidth={960}
          />
        )
      ) : list.isPending ? (
        <PageLoader />
      ) : null}
    </Stack>
  );
}
