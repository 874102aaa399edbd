import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { joinNames } from '../../lib/names.ts';
import { ErrorBanner } from '../error-banner.tsx';
import { useProductBundle } from './api.ts';
import { useProductPanelTexts } from './panel-texts.ts';

/**
 * The bundle panel of a product (spec 3 §2 Product item card 'linked child products'; issue 15 item 1): for a bundle
 * its parts with pieces per bundle and stock, and the bundle's derived stock (min over parts of floor(stock /
 * pieces)); for any product the bundles it is a part of. Self-contained: give it the product's id.
 */
export function BundlePartsPanel({ productId }: { productId: string }) {
  const t = useProductPanelTexts();
  const bundle = useProductBundle(productId);
  const data = bundle.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('bundle.title')}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('bundle.title')}
          </Title>
          {data?.is_bundle && (
            <Badge size="lg" variant="light" color={data.stock > 0 ? 'green' : 'red'}>
              {t('bundle.bundleStock', { count: data.stock })}
            </Badge>
          )}
        </Group>
        <ErrorBanner error={bundle.error} />
        {data && !data.is_bundle && (
          <Text size="sm" c="dimmed">
            {t('bundle.notBundle')}
          </Text>
        )}
        {data?.is_bundle && (
          <>
            <Text size="sm" c="dimmed">
              {data.description ?? t('bundle.intro')}
            </Text>
            <Table fz="sm" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bundle.part')}</Table.Th>
                  <Table.Th>EAN</Table.Th>
                  <Table.Th ta="right">{t('bundle.quantity')}</Table.Th>
                  <Table.Th ta="right">{t('bundle.stock')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.parts.map((p) => (
                  <Table.Tr key={p.product_id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td ff="monospace">{p.ean}</Table.Td>
                    <Table.Td ta="right">{p.quantity}</Table.Td>
                    <Table.Td ta="right" c={p.stock < p.quantity ? 'red' : undefined}>
                      {p.stock}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
        {data && data.part_of.length > 0 && (
          <Text size="sm">
            {t('bundle.partOf')}: {joinNames(data.part_of.map((b) => `${b.name} (${b.quantity}×)`))}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
