import {
  canCall,
  PRODUCT_LIST_SEARCH_MAX,
  PRODUCT_SORTS,
  type ProductRow,
  STOCK_STATUSES,
  sortValues,
  stockHighlight,
} from '@hoppa/core';
import {
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { PATHS, pathTo } from '../../app/paths.ts';
import { roleInForce, useProviderOrg, useSession } from '../../app/session.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatMoney } from '../../lib/money.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { useUrlText } from '../../lib/url-text.ts';
import { type ProductTableFilter, useProductCount, useProductTable } from './api/product-table-api.ts';
import { BulkActionBar } from './product-bulk-actions.tsx';
import { ExportModal } from './product-export-modal.tsx';
import {
  COLUMN_PREFERENCES_KEY,
  columnPreferencesToStore,
  PRODUCT_COLUMN_GROUPS,
  type ProductColumnGroup,
  type ProductColumnId,
  productSize,
} from './product-table.rules.ts';
import { ProductThumb } from './product-thumb.tsx';
import { ProviderOrgNotice } from './provider-org.tsx';
import { ShopSyncMenu } from './shop-sync-menu.tsx';

/** The search as the list asks for it (module level: `useUrlText` wants a stable function). */
const trimmedSearch = (text: string) => text.trim();

/** Product table page size (spec 3 §9). */
export const PRODUCT_PAGE_SIZE = 25;

/** The table's state in the URL (a reload or a shared link shows the same page): search, filters, page and sort. */
const ProductsUrlState = z.object({
  q: z.string().max(PRODUCT_LIST_SEARCH_MAX).default(''),
  stock: z.enum(['all', ...STOCK_STATUSES]).default('all'),
  fulfilment: z.enum(['all', 'true', 'false']).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: z.enum(sortValues(PRODUCT_SORTS)).default('name'),
});

/** Sample products come from Open Food Facts; its licence (ODbL) asks for attribution where shown. */
export function isOpenFoodFactsProduct(p: Pick<ProductRow, 'img_url'>): boolean {
  return !!p.img_url && /openfoodfacts\.(org|net)/.test(p.img_url);
}

const yesNo = (t: TFunction<'productTable'>, v: boolean) => (
  <Badge variant="light" color={v ? 'green' : 'gray'}>
    {v ? t('cell.yes') : t('cell.no')}
  </Badge>
);
const dimmed = (text: string) => (
  <Text size="sm" c="dimmed">
    {text}
  </Text>
);
const textCell = (v: string | number | null) =>
  v === null || v === '' ? dimmed('—') : <Text size="sm">{v}</Text>;

/** The table's sortable columns by their ids (server sort fields, core PRODUCT_SORTS). */
const SORT_OF: Partial<Record<string, (typeof PRODUCT_SORTS)[number]>> = {
  name: 'name',
  ean: 'ean',
  sf_stock: 'stock',
  weight_kg: 'weight',
};

/** The columns of spec 3 §2 with their cells; ids are the spec's fields (sortable ones map to the server's sorts). */
function productColumns(t: TFunction<'productTable'>, lang: string): DataColumn<ProductRow>[] {
  // Counts, weights and demand in the UI language's notation (1.250 pieces and 1,559 kg in the Dutch table), money
  // always as '€ 12,50'.
  const decimal = new Intl.NumberFormat(lang.startsWith('nl') ? 'nl-NL' : 'en-GB', {
    maximumFractionDigits: 3,
  });
  const cells: Record<ProductColumnId, (p: ProductRow) => React.ReactNode> = {
    name: (p) => (
      <Group gap="sm" wrap="nowrap" miw={240}>
        <ProductThumb src={p.img_url} noImage={t('cell.noImage')} />
        <Stack gap={0} miw={0}>
          <Anchor
            component={Link}
            to={pathTo('product', { id: p.id })}
            size="sm"
            lineClamp={1}
            title={p.name}
          >
            {p.name}
          </Anchor>
          {p.active ? null : (
            <Text size="xs" c="red">
              {t('cell.inactive')}
            </Text>
          )}
        </Stack>
      </Group>
    ),
    ean: (p) => (
      <Text ff="monospace" fz="sm">
        {p.ean}
      </Text>
    ),
    platform: (p) => textCell(p.platform),
    offer_id: (p) => textCell(p.offer_id),
    own_stock: () => dimmed(t('cell.notTracked')),
    sf_stock: (p) => (
      <StockCell stock={p.sf_stock} reorderPoint={p.reorder_point} t={t} format={decimal.format} />
    ),
    total_sold_30d: (p) =>
      p.total_sold_30d === 0 ? (
        dimmed('0')
      ) : (
        <Tooltip label={t('cell.perDay', { demand: decimal.format(p.daily_demand) })}>
          <Text size="sm">{decimal.format(p.total_sold_30d)}</Text>
        </Tooltip>
      ),
    reorder_point: (p) => textCell(decimal.format(p.reorder_point)),
    days_until_out_of_stock: (p) =>
      p.days_until_out_of_stock === null ? (
        dimmed(t('cell.noSales'))
      ) : (
        <Text size="sm" c={p.days_until_out_of_stock <= (p.lead_time_days ?? 7) ? 'red' : undefined}>
          {t('cell.days', { count: p.days_until_out_of_stock })}
        </Text>
      ),
    def_shipping_id: (p) => textCell(p.def_shipping_id?.name ?? null),
    ship_box_id: (p) => textCell(p.ship_box_id?.name ?? null),
    fullfilled_bysf: (p) => yesNo(t, p.fullfilled_bysf),
    track_trace_email: (p) => yesNo(t, p.track_trace_email),
    share_track_trace: (p) => yesNo(t, p.share_track_trace),
    return_instruction: (p) => textCell(p.return_instruction),
    note: (p) => textCell(p.note),
    size: (p) => textCell(productSize(p)),
    weight_kg: (p) => textCell(p.weight_kg === null ? null : decimal.format(p.weight_kg)),
    'customs.hs': (p) => textCell(p.customs.hs),
    'customs.value': (p) =>
      textCell(p.customs.value === null ? null : formatMoney(Math.round(p.customs.value * 100))),
  };
  const right = new Set([
    'sf_stock',
    'total_sold_30d',
    'reorder_point',
    'days_until_out_of_stock',
    'weight_kg',
  ]);
  return (Object.keys(cells) as ProductColumnId[]).map((id) => ({
    id,
    header: t(`columns.${id}`),
    cell: cells[id],
    sortable: id in SORT_OF,
    descFirst: id === 'sf_stock' || id === 'weight_kg',
    hideable: id !== 'name',
    ...(right.has(id) ? { align: 'right' as const } : {}),
  }));
}

/** The table's sort parameter as column ids (`sf_stock` for the server's `stock`) and back. */
const toColumnSort = (sort: string) => sort.replace('stock', 'sf_stock').replace('weight', 'weight_kg');
const toServerSort = (sort: string) => sort.replace('sf_stock', 'stock').replace('weight_kg', 'weight');

/** Seeds the remembered column choice with the default hidden columns on a browser's first visit (and over the previous default). */
function seedColumnPreferences(): void {
  try {
    const store = globalThis.localStorage;
    const next = store ? columnPreferencesToStore(store.getItem(COLUMN_PREFERENCES_KEY)) : null;
    if (store && next !== null) store.setItem(COLUMN_PREFERENCES_KEY, next);
  } catch {
    // No storage: every column shows.
  }
}

/**
 * Product management (/products; spec 3 §2 Product management, §4 modals, §5 delete and export, §8 toasts): a
 * collapsible filter bar (name, EAN or SKU search debounced 300 ms, stock status, fulfilment; counts by stock), the
 * table with the spec's columns in five groups (column choice remembered under `productTableColumnPreferences`),
 * sorted and paged by the server (25 a page), stock highlighting, row selection across pages with the bulk actions
 * (active, fulfilment, track and trace, delete) and the export (csv, json, xlsx; all, filtered, selected, page).
 * Search, filters, page and sort live in the URL; changing a filter goes back to page 1. The warehouse's own
 * organisation (`kind` provider), which sells nothing, gets no add, import, sync or bol offers but a line saying to
 * choose a shop (as the direct check-in does).
 */
export function ProductsPage() {
  const { user, orgAuth } = useSession();
  // The bol offers of the shop's bol connection (spec 3 §7 GET /bol/products/get/{api_name}), for those who may sync.
  const mayBolProducts = canCall(roleInForce(user, orgAuth), {
    method: 'GET',
    path: '/bol/products/get/bol',
  });
  // The warehouse's own organisation sells nothing: no add, import or sync (ADR 0142).
  const providerOrg = useProviderOrg();
  const { t, i18n } = useTranslation('productTable');
  const lang = i18n.resolvedLanguage ?? 'en';
  const [state, update] = useUrlState(ProductsUrlState);
  const [search, setSearch] = useUrlText(state.q, (q) => update({ q, page: 1 }, { replace: true }), {
    normalise: trimmedSearch,
  });
  const [filtersOpen, setFiltersOpen] = useState(true);
  const [exportOpen, setExportOpen] = useState(false);
  // Selected products of any page, with the row as last seen (the export of the selection needs the rows).
  const [selected, setSelected] = useState<ReadonlyMap<string, ProductRow>>(new Map());
  useState(seedColumnPreferences);

  const filter: ProductTableFilter = {
    search: state.q,
    sort: state.sort,
    stock_status: state.stock,
    fulfilment: state.fulfilment,
  };
  const list = useProductTable(filter, (state.page - 1) * PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE);
  const counts = useProductCount();
  const columns = useMemo(() => productColumns(t, lang), [t, lang]);
  const groups = useMemo(
    () =>
      (Object.keys(PRODUCT_COLUMN_GROUPS) as ProductColumnGroup[]).map((g) => ({
        label: t(`groups.${g}`),
        columns: PRODUCT_COLUMN_GROUPS[g],
      })),
    [t],
  );
  const rows = list.data?.items ?? [];
  const filtered = state.q !== '' || state.stock !== 'all' || state.fulfilment !== 'all';

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={
          list.data
            ? t(list.data.total_capped ? 'countCapped' : 'count', { count: list.data.total })
            : undefined
        }
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<Icon name="scan" size={18} />}
              component={Link}
              to={PATHS.scanner}
            >
              {t('scanner')}
            </Button>
            {mayBolProducts && !providerOrg ? (
              <Button
                component={Link}
                to={pathTo('settingsBolProducts', { api_name: 'bol' })}
                variant="default"
              >
                {t('bolProducts')}
              </Button>
            ) : null}
            {providerOrg ? null : <ShopSyncMenu />}
            {providerOrg ? null : (
              <Button
                variant="default"
                leftSection={<Icon name="inbound" size={18} />}
                component={Link}
                to={PATHS.productsImport}
              >
                {t('import')}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<Icon name="document" size={18} />}
              onClick={() => setExportOpen(true)}
            >
              {t('export')}
            </Button>
            {providerOrg ? null : (
              <Button leftSection={<Icon name="plus" size={18} />} component={Link} to={PATHS.productsNew}>
                {t('add')}
              </Button>
            )}
          </Group>
        }
      />
      {providerOrg ? <ProviderOrgNotice org={providerOrg} /> : null}
      <Paper withBorder p="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('filters.title')}</Text>
          <Group gap="xs">
            {counts.data ? (
              <Text size="sm" c="dimmed">
                {t('filters.totals', {
                  total: counts.data.totalProducts,
                  inStock: counts.data.totalProductsInStock,
                  low: counts.data.lowStockProducts,
                  soldOut: counts.data.soldOutProducts,
                })}
              </Text>
            ) : null}
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setFiltersOpen((o) => !o)}
              aria-expanded={filtersOpen}
            >
              {filtersOpen ? t('filters.hide') : t('filters.show')}
            </Button>
          </Group>
        </Group>
        <Collapse expanded={filtersOpen}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
            <TextInput
              label={t('filters.search')}
              placeholder={t('filters.searchPlaceholder')}
              value={search}
              maxLength={PRODUCT_LIST_SEARCH_MAX}
              onChange={(e) => setSearch(e.currentTarget.value)}
              leftSection={<Icon name="search" size={16} />}
              type="search"
            />
            <Select
              label={t('filters.stock')}
              value={state.stock}
              allowDeselect={false}
              data={(['all', ...STOCK_STATUSES] as const).map((s) => ({
                value: s,
                label: t(`filters.${s}`),
              }))}
              onChange={(v) => v && update({ stock: v as typeof state.stock, page: 1 })}
            />
            <Select
              label={t('filters.fulfilment')}
              value={state.fulfilment}
              allowDeselect={false}
              data={[
                { value: 'all', label: t('filters.all') },
                { value: 'true', label: t('filters.fulfilledYes') },
                { value: 'false', label: t('filters.fulfilledNo') },
              ]}
              onChange={(v) => v && update({ fulfilment: v as typeof state.fulfilment, page: 1 })}
            />
          </SimpleGrid>
          {filtered ? (
            <Button
              variant="subtle"
              size="xs"
              mt="xs"
              onClick={() => {
                setSearch('');
                update({ q: '', stock: 'all', fulfilment: 'all', page: 1 });
              }}
            >
              {t('filters.reset')}
            </Button>
          ) : null}
        </Collapse>
      </Paper>
      {selected.size > 0 ? (
        <BulkActionBar selected={[...selected.values()]} onDone={() => setSelected(new Map())} />
      ) : null}
      {list.isError ? (
        <ErrorBanner error={list.error} />
      ) : list.isPending && !list.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">
            {filtered
              ? t('empty')
              : // Provider staff whose current organisation is the warehouse itself: its products are the shops'.
                orgAuth?.role.all_orgs && orgAuth.org?.kind === 'provider'
                ? t('emptyProvider', { org: orgAuth.org.name })
                : t('emptyAll')}
          </Text>
        </Paper>
      ) : (
        <>
          <DataTable
            id="products"
            storageKey={COLUMN_PREFERENCES_KEY}
            minWidth={900}
            resizable
            label={t('title')}
            columns={columns}
            columnGroups={groups}
            rows={rows}
            rowKey={(p) => p.id}
            total={list.data?.total ?? 0}
            page={state.page}
            pageSize={PRODUCT_PAGE_SIZE}
            onPageChange={(page) => update({ page })}
            sort={toColumnSort(state.sort)}
            onSortChange={(sort) => update({ sort: toServerSort(sort) as typeof state.sort, page: 1 })}
            selection={{
              selected: new Set(selected.keys()),
              onChange: (changed, on) =>
                setSelected((prev) => {
                  const next = new Map(prev);
                  for (const p of changed) on ? next.set(p.id, p) : next.delete(p.id);
                  return next;
                }),
              rowLabel: (p) => t('select.row', { name: p.name }),
              pageLabel: t('select.page'),
            }}
          />
          {rows.some(isOpenFoodFactsProduct) && (
            <Text size="xs" c="dimmed">
              {t('attribution')}
            </Text>
          )}
        </>
      )}
      <ExportModal
        opened={exportOpen}
        onClose={() => setExportOpen(false)}
        filter={filter}
        filteredTotal={list.data?.total ?? 0}
        allTotal={counts.data?.totalProducts ?? 0}
        page={rows}
        selected={[...selected.values()]}
      />
    </Stack>
  );
}

/** Stock with the table's highlighting (spec 3 §2: low above 0 and below 5, out at 0 or below) and the reorder mark. */
function StockCell({
  stock,
  reorderPoint,
  t,
  format,
}: {
  stock: number;
  reorderPoint: number;
  t: TFunction<'productTable'>;
  format: (n: number) => string;
}) {
  const mark = stockHighlight(stock);
  const reorder = mark === null && reorderPoint > 0 && stock <= reorderPoint;
  const label =
    mark === 'out'
      ? t('cell.outOfStock')
      : mark === 'low'
        ? t('cell.lowStock')
        : reorder
          ? t('cell.reorder')
          : null;
  const badge = (
    <Badge
      color={mark === 'out' ? 'red' : mark === 'low' ? 'orange' : reorder ? 'yellow' : 'green'}
      variant={mark ? 'filled' : 'light'}
      miw={48}
      aria-label={label ? `${format(stock)} · ${label}` : undefined}
      data-stock={mark ?? (reorder ? 'reorder' : 'ok')}
    >
      {format(stock)}
    </Badge>
  );
  return label ? <Tooltip label={label}>{badge}</Tooltip> : badge;
}
