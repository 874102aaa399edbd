import { newProductProblems, productEanSearchEndpoint } from '@hoppa/core';
import {
  Alert,
  Button,
  Collapse,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { call } from '../../lib/api.ts';
import { useImportProducts } from './api/import-products.ts';
import { useBulkImportTexts } from './product-import.i18n.ts';
import { bulkReasonText } from './product-import.rules.ts';
import { ForShopOnly } from './provider-org.tsx';

interface NewProductForm {
  name: string;
  ean: string;
  note: string;
  hs: string;
  weight_kg: string;
  value: string;
}

const EMPTY: NewProductForm = { name: '', ean: '', note: '', hs: '', weight_kg: '', value: '' };

/**
 * The new-product form (/products/new and /products/new_product; spec 3 §2 New product form, §5 New product): name,
 * EAN (13 digits with a valid check digit, core `newProductProblems`), note and an expandable customs section (HS code,
 * weight in kg, value). Enter in any field submits (the note and value fields are single-line, spec 3 §2), the button
 * reads 'Afronden en product toevoegen' (English: 'Finish and add product'). The product is sent as one import row (`POST /products/import`, which spec 3
 * §7 names for this form): an EAN the shop already has updates that product, so the form first asks (`GET
 * /products/ean/{ean}`) and, when the EAN is taken, names that product and overwrites it only after the user agrees. After success the browser goes back one
 * page; a row the server refuses shows its reason and keeps the form. The warehouse's own organisation gets the reason
 * instead (ADR 0142).
 */
export function NewProductPage() {
  const { t } = useTranslation('productTable');
  return (
    <ForShopOnly title={t('newProduct.title')}>
      <NewProductEditor />
    </ForShopOnly>
  );
}

/** The form of {@link NewProductPage}, for a shop. */
function NewProductEditor() {
  const { t } = useTranslation('productTable');
  const { t: tp } = useTranslation('products');
  const tb = useBulkImportTexts();
  const navigate = useNavigate();
  const [form, setForm] = useState<NewProductForm>(EMPTY);
  const [customsOpen, setCustomsOpen] = useState(false);
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const save = useImportProducts();
  const { orgAuth } = useSession();
  const orgId = orgAuth?.org?.id;
  const [looking, setLooking] = useState(false);
  const [lookupError, setLookupError] = useState<unknown>(null);
  // The shop's product with the typed EAN, while the user is asked whether to overwrite it.
  const [overwrite, setOverwrite] = useState<{ name: string; ean: string } | null>(null);
  const problems = newProductProblems(form);
  const shown = checked ? problems : {};
  const set = (key: keyof NewProductForm) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [key]: value }));
  };
  const eanError =
    shown.ean === 'required'
      ? t('newProduct.eanRequired')
      : shown.ean === 'length'
        ? t('newProduct.eanLength')
        : shown.ean === 'check-digit'
          ? t('newProduct.eanCheck', { digit: shown.expectedDigit })
          : undefined;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setRefused(null);
    setLookupError(null);
    if (Object.keys(problems).length > 0) return;
    // An EAN the shop already has would rename that product: ask first, naming it.
    setLooking(true);
    try {
      const ean = form.ean.trim();
      const { products } = await call(productEanSearchEndpoint, { params: { text: ean } });
      const existing = products.find((p) => p.ean === ean && (!orgId || p.org === orgId));
      if (existing) setOverwrite({ name: existing.name, ean });
      else send();
    } catch (err) {
      setLookupError(err);
    } finally {
      setLooking(false);
    }
  };

  const send = () => {
    setOverwrite(null);
    const name = form.name.trim();
    save.mutate(
      [
        {
          Product_name: name,
          barcode_sku_ean: form.ean.trim(),
          note: form.note.trim() || null,
          hs: form.hs.trim() || null,
          weight_kg: form.weight_kg.trim() || null,
          value: form.value.trim() || null,
        },
      ],
      {
        onSuccess: ({ products }) => {
          const error = products.errors[0];
          if (error) {
            // The import's reason in the UI's language (ADR 0119 §3).
            setRefused(bulkReasonText(tp, tb, error, (n) => n));
            return;
          }
          notifications.show({
            color: 'green',
            message: t(products.created > 0 ? 'newProduct.created' : 'newProduct.updated', { name }),
            autoClose: 5000,
          });
          navigate(-1);
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('newProduct.title')} description={t('newProduct.intro')} />
      <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('newProduct.name')}
            value={form.name}
            onChange={set('name')}
            error={shown.name ? t('newProduct.nameRequired') : undefined}
            withAsterisk
            maxLength={200}
            data-autofocus
          />
          <TextInput
            label={t('newProduct.ean')}
            description={t('newProduct.eanHint')}
            value={form.ean}
            onChange={set('ean')}
            error={eanError}
            withAsterisk
            inputMode="numeric"
            maxLength={20}
          />
          <TextInput label={t('newProduct.note')} value={form.note} onChange={set('note')} maxLength={2000} />
          <UnstyledButton onClick={() => setCustomsOpen((o) => !o)} aria-expanded={customsOpen} fw={600}>
            <Group gap={4}>
              <Icon name={customsOpen ? 'chevronUp' : 'chevronDown'} size={16} />
              {t('newProduct.customs')}
            </Group>
          </UnstyledButton>
          <Collapse expanded={customsOpen}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('newProduct.hs')} value={form.hs} onChange={set('hs')} maxLength={20} />
              <TextInput
                label={t('newProduct.weight')}
                value={form.weight_kg}
                onChange={set('weight_kg')}
                inputMode="decimal"
                maxLength={12}
              />
              <TextInput
                label={t('newProduct.value')}
                value={form.value}
                onChange={set('value')}
                inputMode="decimal"
                maxLength={12}
              />
            </SimpleGrid>
          </Collapse>
          {refused ? (
            <Alert color="red" role="alert">
              {t('newProduct.refused', { reason: refused })}
            </Alert>
          ) : null}
          {save.error ? <ErrorBanner error={save.error} /> : null}
          {lookupError ? <ErrorBanner error={lookupError} /> : null}
          <Group justify="space-between">
            <Button variant="default" onClick={() => navigate(-1)}>
              {t('newProduct.back')}
            </Button>
            <Button type="submit" loading={save.isPending || looking}>
              {t('newProduct.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Modal
        opened={overwrite !== null}
        onClose={() => setOverwrite(null)}
        title={t('newProduct.existsTitle')}
        centered
      >
        <Stack>
          <Text>
            {t('newProduct.exists', {
              ean: overwrite?.ean ?? '',
              existing: overwrite?.name ?? '',
              name: form.name.trim(),
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOverwrite(null)}>
              {t('newProduct.keep')}
            </Button>
            {/* A short label: the text above names the product, and a long name was cut off in the button. */}
            <Button color="orange" onClick={send}>
              {t('newProduct.overwrite')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
