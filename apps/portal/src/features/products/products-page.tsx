import {
  canCall,
  PRODUCT_SEARCH_MAX,
  PRODUCT_SEARCH_MIN,
  PRODUCT_SORTS,
  type Product,
  sortValues,
} from '@hoppa/core';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { PATHS, pathTo } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUrlState } from '../../lib/url-state.ts';
import { type ProductSort, useProductEanSearch, useProducts } from './api/get-products.ts';
import { ProductThumb } from './product-thumb.tsx';

/** The list's state in the URL (a reload or a shared link shows the same page): EAN search, page and sort. */
const ProductsUrlState = z.object({
  q: z.string().max(PRODUCT_SEARCH_MAX).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: z.enum(sortValues(PRODUCT_SORTS)).default('name'),
});

/** The columns of the list; the sortable ones are core's PRODUCT_SORTS. */
function productColumns(t: TFunction<'products'>): DataColumn<Product>[] {
  return [
    {
      id: 'image',
      header: t('list.image'),
      hiddenHeader: true,
      cell: (p) => <ProductThumb src={p.img_url} noImage={t('list.noImage')} />,
    },
    {
      id: 'name',
      header: t('list.name'),
      sortable: true,
      hideable: false,
      cell: (p) => (
        <Anchor component={Link} to={pathTo('product', { id: p.id })} size="sm" lineClamp={1} title={p.name}>
          {p.name}
        </Anchor>
      ),
    },
    {
      id: 'ean',
      header: t('list.ean'),
      sortable: true,
      cell: (p) => (
        <Text ff="monospace" fz="sm">
          {p.ean}
        </Text>
      ),
    },
    {
      id: 'sku',
      header: t('list.sku'),
      sortable: true,
      cell: (p) => (
        <Text ff="monospace" fz="sm" c={p.bsku ? undefined : 'dimmed'}>
          {p.bsku ?? '—'}
        </Text>
      ),
    },
    {
      id: 'stock',
      header: t('list.stock'),
      sortable: true,
      descFirst: true,
      align: 'right',
      cell: (p) => <StockBadge stock={p.sf_stock} />,
    },
    {
      id: 'locations',
      header: t('list.locations'),
      cell: (p) =>
        p.locations.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('list.noLocation')}
          </Text>
        ) : (
          <Group gap={4}>
            {p.locations.map((l) => (
              <Badge key={l.id} variant="light" color={l.active ? 'blue' : 'gray'} tt="none">
                {l.name} · {l.stock}
              </Badge>
            ))}
          </Group>
        ),
    },
  ];
}

/** Product table page size (spec 3 §9). */
export const PRODUCT_PAGE_SIZE = 25;

/** Sample products come from Open Food Facts; its licence (ODbL) asks for attribution where shown. */
export function isOpenFoodFactsProduct(p: Pick<Product, 'img_url'>): boolean {
  return !!p.img_url && /openfoodfacts\.(org|net)/.test(p.img_url);
}

/**
 * A simple product list (/products; spec 3 §2 Product management, reduced): photo (or a placeholder
 * when there is none or it cannot load), name, EAN, stock held by
 * the warehouse and the locations it lies on, 25 per page, with an EAN search (3 to 20 characters,
 * `GET /products/ean/:text`) and the Open Food Facts attribution when sample products are shown. Search and page
 * live in the URL (`?q=…&page=…`), so a reload or a shared link shows the same list.
 */
export function ProductsPage() {
  const { user, orgAuth } = useSession();
  // The bol offers of the shop's bol connection (spec 3 §7 GET /bol/products/get/{api_name}), for those who may sync.
  const mayBolProducts = canCall(roleInForce(user, orgAuth), {
    method: 'GET',
    path: '/bol/products/get/bol',
  });
  const { t } = useTranslation('products');
  const [state, update] = useUrlState(ProductsUrlState);
  const { page } = state;
  const setPage = (p: number) => update({ page: p });
  // The field follows the keyboard at once; the URL (and the query) follow after a pause.
  const [search, setSearch] = useState(state.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (debounced !== state.q) update({ q: debounced, page: 1 }, { replace: true });
  }, [debounced, state.q, update]);
  const term = state.q;
  const searching = term.length >= PRODUCT_SEARCH_MIN;
  const list = useProducts((page - 1) * PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE, state.sort);
  const found = useProductEanSearch(searching ? term.slice(0, PRODUCT_SEARCH_MAX) : '');
  const query = searching ? found : list;
  const products = searching ? (found.data?.products ?? []) : (list.data?.items ?? []);
  const total = searching ? products.length : (list.data?.total ?? 0);
  const columns = useMemo(() => productColumns(t), [t]);

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={list.data ? t('list.count', { count: list.data.total }) : undefined}
        actions={
          <Group gap="sm">
            {mayBolProducts ? (
              <Button
                component={Link}
                to={pathTo('settingsBolProducts', { api_name: 'bol' })}
                variant="default"
              >
                {t('list.bolProducts')}
              </Button>
            ) : null}
            <Button
              component={Link}
              to={PATHS.productsImport}
              leftSection={<Icon name="inbound" size={18} />}
            >
              {t('list.importButton')}
            </Button>
          </Group>
        }
      />
      <TextInput
        label={t('list.search')}
        description={t('list.searchHint', { min: PRODUCT_SEARCH_MIN })}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
        }}
        leftSection={<Icon name="search" size={16} />}
        maw={360}
        inputMode="numeric"
        type="search"
      />
      {query.isError ? (
        <ErrorBanner error={query.error} />
      ) : query.isPending && !query.data ? (
        <PageLoader />
      ) : products.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">{t('list.empty')}</Text>
        </Paper>
      ) : (
        <>
          <DataTable
            id="products"
            label={t('title')}
            columns={columns}
            rows={products}
            rowKey={(p) => p.id}
            total={total}
            page={searching ? 1 : page}
            pageSize={searching ? Math.max(products.length, 1) : PRODUCT_PAGE_SIZE}
            onPageChange={setPage}
            sort={searching ? undefined : state.sort}
            onSortChange={searching ? undefined : (sort) => update({ sort: sort as ProductSort, page: 1 })}
          />
          {products.some(isOpenFoodFactsProduct) && (
            <Text size="xs" c="dimmed">
              {t('list.attribution')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

/** Stock classification (spec 3 §2): in stock above 5, low 1 to 5, out of stock 0 or below. */
function StockBadge({ stock }: { stock: number }) {
  const color = stock <= 0 ? 'red' : stock <= 5 ? 'yellow' : 'green';
  return (
    <Badge color={color} variant="light" miw={48}>
      {stock}
    </Badge>
  );
}
