import { PRODUCT_SEARCH_MAX, PRODUCT_SEARCH_MIN, type Product } from '@hoppa/core';
import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUrlState } from '../../lib/url-state.ts';
import { useProductEanSearch, useProducts } from './api/get-products.ts';
import { ProductThumb } from './product-thumb.tsx';

/** The list's state in the URL (a reload or a shared link shows the same page): EAN search and page. */
const ProductsUrlState = z.object({
  q: z.string().max(PRODUCT_SEARCH_MAX).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

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
  const list = useProducts((page - 1) * PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE);
  const found = useProductEanSearch(searching ? term.slice(0, PRODUCT_SEARCH_MAX) : '');
  const query = searching ? found : list;
  const products = searching ? (found.data?.products ?? []) : (list.data?.items ?? []);
  const total = searching ? products.length : (list.data?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / PRODUCT_PAGE_SIZE));

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={list.data ? t('list.count', { count: list.data.total }) : undefined}
        actions={
          <Button component={Link} to="/products/import" leftSection={<Icon name="inbound" size={18} />}>
            {t('list.importButton')}
          </Button>
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
          <Table striped highlightOnHover withTableBorder aria-label={t('title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>
                  <VisuallyHidden>{t('list.image')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('list.name')}</Table.Th>
                <Table.Th>{t('list.ean')}</Table.Th>
                <Table.Th ta="right">{t('list.stock')}</Table.Th>
                <Table.Th>{t('list.locations')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td py={4}>
                    <ProductThumb src={p.img_url} noImage={t('list.noImage')} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1} title={p.name}>
                      {p.name}
                    </Text>
                  </Table.Td>
                  <Table.Td ff="monospace" fz="sm">
                    {p.ean}
                  </Table.Td>
                  <Table.Td ta="right">
                    <StockBadge stock={p.sf_stock} />
                  </Table.Td>
                  <Table.Td>
                    {p.locations.length === 0 ? (
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
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {!searching && pages > 1 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('list.shownOf', {
                  from: (page - 1) * PRODUCT_PAGE_SIZE + 1,
                  to: Math.min(page * PRODUCT_PAGE_SIZE, total),
                  total,
                })}
              </Text>
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(c) => ({
                  'aria-label':
                    c === 'previous' ? t('list.previous') : c === 'next' ? t('list.next') : undefined,
                })}
              />
            </Group>
          )}
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
