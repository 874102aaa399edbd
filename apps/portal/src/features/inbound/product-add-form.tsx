import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FIELD_FORMAT, parseDateField } from '../../components/date-field/date-field.rules.ts';
import { DateInput } from '../../components/dates.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { lookupProductByCode, useProductSearch } from './api/search-products.ts';
import { isScannedCode, searchRuns, totalPieces, type WizardItem } from './inbound.rules.ts';

type Product = WizardItem['product'];

/**
 * Adding one product to an inbound (spec 2 §2 'Add product', §5 Add product to inbound, Product EAN search): a
 * search box 'Zoek op EAN / naam' (asked from more than 3 characters, or empty, 300 ms after typing; a scanned
 * barcode of 8+ digits ended by Enter picks its product), a list of name and EAN, then boxes* and items per box*
 * (both required, else nothing is sent; the total shown), batch number and expiry date, and 'Product toevoegen'.
 * With `confirm`, a success shows 'Product toegevoegd!' and 'Nog een product toevoegen'; otherwise the form is
 * ready for the next product at once (the wizard, which lists what was added). The cursor follows the work: in the
 * search box when it opens (a scanner types there), in Boxes once a product is chosen.
 */
export function ProductAddForm({
  onAdd,
  orgId,
  confirm = false,
  pending = false,
  error = null,
}: {
  /** The organisation whose products are searched (an inbound's shop); the user's current one without it. */
  orgId?: string;
  /** Adds the item; a rejected promise keeps the form as it is (the error shows through `error`). */
  onAdd: (item: WizardItem) => Promise<unknown> | undefined;
  confirm?: boolean;
  pending?: boolean;
  error?: unknown;
}): ReactNode {
  const { t } = useTranslation('inbound');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const search = useProductSearch(searchRuns(debounced) ? debounced : '', orgId);
  const [scanError, setScanError] = useState<string | null>(null);
  const [product, setProduct] = useState<Product | null>(null);
  const [units, setUnits] = useState<number | ''>('');
  const [perBox, setPerBox] = useState<number | ''>('');
  const [batch, setBatch] = useState('');
  const [expiry, setExpiry] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [added, setAdded] = useState(false);

  function reset() {
    setText('');
    setProduct(null);
    setUnits('');
    setPerBox('');
    setBatch('');
    setExpiry(null);
    setTried(false);
    setScanError(null);
  }

  async function onScan() {
    const code = text.trim();
    if (!isScannedCode(code)) return;
    try {
      const found = await lookupProductByCode(code, orgId);
      const hit = found.products.find((p) => p.ean === code) ?? found.products[0];
      if (hit) {
        setProduct({ id: hit.id, ean: hit.ean, name: hit.name });
        setScanError(null);
      } else setScanError(t('product.notFound', { code }));
    } catch {
      setScanError(t('product.notFound', { code }));
    }
  }

  async function submit() {
    setTried(true);
    if (!product || units === '' || perBox === '' || units < 1 || perBox < 1) return;
    try {
      await onAdd({
        product,
        units,
        packed_per: perBox,
        batch_nr: batch.trim() || null,
        expiration_date: expiry,
      });
    } catch {
      return;
    }
    reset();
    if (confirm) setAdded(true);
  }

  if (added)
    return (
      <Alert color="green" variant="light" title={t('product.added')} data-testid="product-added">
        <Button mt="xs" variant="light" onClick={() => setAdded(false)}>
          {t('product.addAnother')}
        </Button>
      </Alert>
    );

  if (!product) {
    const hits = search.data?.products ?? [];
    const asked = searchRuns(debounced);
    return (
      <Stack gap="xs">
        <TextInput
          label={t('product.search')}
          placeholder={t('product.searchPlaceholder')}
          description={t('product.searchHint')}
          leftSection={<Icon name="search" size={16} />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setScanError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void onScan();
            }
          }}
          error={scanError}
          data-autofocus
          // Mounted on opening the step and after each added product: the next scan goes into it.
          autoFocus
        />
        <ErrorBanner error={search.error} />
        {asked && search.data && hits.length === 0 && debounced.trim() !== '' ? (
          <Text size="sm" c="dimmed">
            {t('product.noHits', { text: debounced.trim() })}
          </Text>
        ) : null}
        {hits.length > 0 ? (
          <Paper withBorder radius="md" role="list" aria-label={t('product.search')}>
            {hits.map((p, i) => (
              <UnstyledButton
                key={p.id}
                role="listitem"
                aria-label={t('product.pick', { name: p.name })}
                onClick={() => setProduct({ id: p.id, ean: p.ean, name: p.name })}
                px="sm"
                py={8}
                w="100%"
                style={{
                  borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined,
                  display: 'block',
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text size="sm" fw={500} lineClamp={1}>
                    {p.name}
                  </Text>
                  <Text size="sm" ff="monospace" c="dimmed">
                    {p.ean}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Paper>
        ) : null}
      </Stack>
    );
  }

  const missing = (v: number | '') => (tried && (v === '' || v < 1) ? t('product.required') : undefined);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fw={600}>{product.name}</Text>
          <Text size="sm" ff="monospace" c="dimmed">
            {product.ean}
          </Text>
        </div>
        <Button variant="subtle" size="xs" onClick={reset}>
          {t('product.change')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <NumberInput
          label={t('product.units')}
          // Mounted when a product is chosen or scanned: the boxes are typed next.
          autoFocus
          required
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          value={units}
          onChange={(v) => setUnits(v === '' ? '' : Number(v))}
          error={missing(units)}
        />
        <NumberInput
          label={t('product.packed_per')}
          required
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          value={perBox}
          onChange={(v) => setPerBox(v === '' ? '' : Number(v))}
          error={missing(perBox)}
        />
        <TextInput
          label={t('product.batch')}
          value={batch}
          maxLength={100}
          onChange={(e) => setBatch(e.currentTarget.value)}
        />
        <DateInput
          label={t('product.expiry')}
          value={expiry}
          onChange={(v) => setExpiry(v ? String(v).slice(0, 10) : null)}
          dateParser={parseDateField}
          valueFormat={DATE_FIELD_FORMAT}
          clearable
          popoverProps={{ withinPortal: true, shadow: 'md' }}
        />
      </SimpleGrid>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="product-total">
          {units !== '' && perBox !== '' ? t('product.total', { pieces: totalPieces(units, perBox) }) : ''}
        </Text>
        <Button onClick={submit} loading={pending}>
          {t('product.add')}
        </Button>
      </Group>
      <ErrorBanner error={error} serverMessageFor={[409]} />
    </Stack>
  );
}
