import {
  PRODUCT_SEARCH_MAX,
  PRODUCT_SEARCH_MIN,
  type Product,
  productEanSearchEndpoint,
  productsSearchEndpoint,
  type ScanBufferOptions,
  stockHighlight,
} from '@hoppa/core';
import { CameraScanner } from '@hoppa/web/camera-scanner';
import {
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../app/paths.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { endpointQuery } from '../../lib/endpoint-query.ts';
import { useScanListener } from '../../lib/use-scan-listener.ts';
import { ProductThumb } from './product-thumb.tsx';

/**
 * A scanned code counts when it is longer than 10 characters (spec 3 §2 Scanner, §9: "Scanner code longer than 10
 * characters"); keys more than 200 ms apart start a new code (the scanner's 200 ms poll).
 */
export const SCANNER_BUFFER: ScanBufferOptions = { resetMs: 200, minLength: 11 };

/** Whether a typed or scanned code is long enough to search (spec 3 §2: only when longer than 10 characters). */
export const isScannerCode = (code: string) => code.trim().length > 10;

/**
 * The scanner page (/scanner; spec 3 §2 Scanner): find products by EAN. A keyboard-wedge scan anywhere on the page
 * (when no field has focus), the camera, or an EAN typed into the field and ended with Enter (more than 10
 * characters) looks the code up (`GET /products/ean/{text}`: EAN or SKU starting with it, exact match first); the
 * search dropdown finds products by name, EAN or SKU (`GET /products/search`). Results show stock, locations and a
 * link to the product card; before the first scan an illustration says what to do.
 */
export function ScannerPage() {
  const { t } = useTranslation('productTable');
  const [code, setCode] = useState('');
  const [typed, setTyped] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);

  const lookUp = (raw: string) => {
    const c = raw.trim().slice(0, PRODUCT_SEARCH_MAX);
    setCode(c);
    setTyped(c);
    setTooShort(false);
  };
  const { paused } = useScanListener(lookUp, !cameraOpen, SCANNER_BUFFER);
  const found = useQuery({
    ...endpointQuery(productEanSearchEndpoint, { params: { text: code } }),
    enabled: code.length >= PRODUCT_SEARCH_MIN,
  });
  const hits = useQuery({
    ...endpointQuery(productsSearchEndpoint, { query: { search: term, limit: 10 } }),
    enabled: term.length >= PRODUCT_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
  const options = (hits.data?.products ?? []).map((p) => ({ value: p.ean, label: `${p.name} · ${p.ean}` }));
  const products = found.data?.products ?? [];

  return (
    <Stack gap="md">
      <PageHeader title={t('scannerPage.title')} description={t('scannerPage.intro')} />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            label={t('scannerPage.ean')}
            placeholder={t('scannerPage.eanPlaceholder')}
            value={typed}
            inputMode="numeric"
            maxLength={PRODUCT_SEARCH_MAX}
            error={tooShort ? t('scannerPage.tooShort', { min: 10 }) : undefined}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setTooShort(false);
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              if (isScannerCode(typed)) lookUp(typed);
              else setTooShort(true);
            }}
            leftSection={<Icon name="scan" size={16} />}
          />
          <Autocomplete
            label={t('scannerPage.search')}
            placeholder={t('scannerPage.searchPlaceholder')}
            value={search}
            onChange={setSearch}
            data={options}
            filter={({ options: all }) => all}
            onOptionSubmit={(ean) => {
              lookUp(ean);
              setSearch('');
            }}
            leftSection={<Icon name="search" size={16} />}
          />
        </SimpleGrid>
        <Group justify="space-between" mt="sm">
          <Badge variant="dot" color={paused ? 'gray' : 'green'}>
            {paused ? t('scannerPage.paused') : t('scannerPage.ready')}
          </Badge>
          <Button
            variant="default"
            leftSection={<Icon name="scan" size={16} />}
            onClick={() => setCameraOpen(true)}
          >
            {t('scannerPage.camera')}
          </Button>
        </Group>
      </Paper>

      {code === '' ? (
        <Paper withBorder p="xl" ta="center" data-testid="scanner-illustration">
          <Stack align="center" gap="sm">
            <Icon name="scan" size={96} />
            <Text c="dimmed">{t('scannerPage.illustration')}</Text>
          </Stack>
        </Paper>
      ) : found.isError ? (
        <ErrorBanner error={found.error} />
      ) : found.isPending ? (
        <PageLoader />
      ) : products.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">{t('scannerPage.none', { code })}</Text>
        </Paper>
      ) : (
        <Stack gap="xs">
          <Text fw={600} aria-live="polite">
            {t('scannerPage.results', { count: products.length, code })}
          </Text>
          {products.map((p) => (
            <ScannedProduct key={p.id} product={p} />
          ))}
        </Stack>
      )}

      {/* The dialog is small; the barcode reader (ADR 0101) loads in its own chunk when the camera starts. */}
      <CameraScanner
        device="desk"
        opened={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onScan={(c) => {
          setCameraOpen(false);
          lookUp(c);
        }}
        texts={{
          title: t('scannerPage.cameraTitle'),
          hint: t('scannerPage.cameraHint'),
          close: t('scannerPage.close'),
          failed: t('scannerPage.cameraFailed'),
          torch: t('scannerPage.torch'),
        }}
      />
    </Stack>
  );
}

/** One found product: photo, name (to the product card), EAN and SKU, stock with its highlight, and its locations. */
function ScannedProduct({ product: p }: { product: Product }) {
  const { t } = useTranslation('productTable');
  const mark = stockHighlight(p.sf_stock);
  return (
    <Paper withBorder p="sm" data-testid="scanner-result">
      <Group wrap="nowrap" align="flex-start">
        <ProductThumb src={p.img_url} noImage={t('cell.noImage')} />
        <Stack gap={4} style={{ flex: 1 }} miw={0}>
          <Anchor component={Link} to={pathTo('product', { id: p.id })} fw={600} lineClamp={1}>
            {p.name}
          </Anchor>
          <Text ff="monospace" size="sm">
            {p.ean}
            {p.bsku ? ` · ${p.bsku}` : ''}
          </Text>
          <Group gap={4}>
            {p.locations.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('scannerPage.noLocation')}
              </Text>
            ) : (
              p.locations.map((l) => (
                <Badge key={l.id} variant="light" color={l.active ? 'blue' : 'gray'} tt="none">
                  {l.name} · {l.stock}
                </Badge>
              ))
            )}
          </Group>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('scannerPage.stock')}
          </Text>
          <Badge size="lg" color={mark === 'out' ? 'red' : mark === 'low' ? 'orange' : 'green'}>
            {p.sf_stock}
          </Badge>
        </Stack>
      </Group>
    </Paper>
  );
}
