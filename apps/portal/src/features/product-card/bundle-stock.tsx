import { bundleStock } from '@hoppa/core';
import { Alert, Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../app/paths.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { useProductBundle } from '../../components/product-panels/api.ts';
import { useStockPermissions } from './stock-sections.tsx';

/**
 * Where a bundle's stock lies, in place of the locations of a product (spec 3 §2 Product item card; ADR 0049, 0142):
 * a bundle lies on no location itself, its stock is the whole bundles its parts make (core `bundleStock`, kept so by
 * migration 0445), so the card says that and lists the parts (`GET /product/bundle/{id}`) with the pieces one bundle
 * takes, each part's stock and the bundles that stock makes (the lowest holds the bundle's stock), each linked to the
 * part's card, where its locations are. No location actions: a location added to a bundle would count for nothing. A
 * role without the bundle read gets the text without the parts. Places the product kept from before it became a
 * bundle (`strayPlaces`; the card then shows its locations section too) are said to count for nothing.
 */
export function BundleStockSection({
  id,
  stock,
  strayPlaces = 0,
}: {
  id: string;
  stock: number;
  /** Places the product had before it became a bundle: they count for nothing, the card lists them to clear them. */
  strayPlaces?: number;
}) {
  const { t, i18n } = useTranslation('stock');
  const may = useStockPermissions();
  const bundle = useProductBundle(id, may.bundle);
  const number = new Intl.NumberFormat(i18n.resolvedLanguage?.startsWith('nl') ? 'nl-NL' : 'en-GB');
  const parts = bundle.data?.is_bundle ? bundle.data.parts : [];
  // The part or parts that make the fewest bundles hold the bundle's stock.
  const limit = bundle.data?.stock;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('bundleStock.title')}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('bundleStock.title')}
        </Title>
        <Text size="sm" data-testid="bundle-stock-intro">
          {t('bundleStock.intro', { stock })}
        </Text>
        <ErrorBanner error={bundle.error} />
        {parts.length > 0 && (
          <Table verticalSpacing="xs" striped aria-label={t('bundleStock.parts')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bundleStock.part')}</Table.Th>
                <Table.Th ta="right">{t('bundleStock.perBundle')}</Table.Th>
                <Table.Th ta="right">{t('bundleStock.partStock')}</Table.Th>
                <Table.Th ta="right">{t('bundleStock.makes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {parts.map((p) => {
                const makes = bundleStock([p]);
                return (
                  <Table.Tr key={p.product_id} aria-label={p.name}>
                    <Table.Td>
                      <Anchor component={Link} to={pathTo('product', { id: p.product_id })} fw={600}>
                        {p.name}
                      </Anchor>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {p.ean}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{number.format(p.quantity)}</Table.Td>
                    <Table.Td ta="right">{number.format(p.stock)}</Table.Td>
                    <Table.Td
                      ta="right"
                      c={makes === limit ? 'orange' : undefined}
                      fw={makes === limit ? 700 : 400}
                    >
                      {number.format(makes)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {parts.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('bundleStock.hint')}
          </Text>
        )}
        {strayPlaces > 0 && (
          <Alert color="orange" variant="light" data-testid="bundle-stray-places">
            {t('bundleStock.strayPlaces', { count: strayPlaces })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
