import { formatDate, INBOUND_TYPES, type Inbound, type InboundType } from '@hoppa/core';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS, pathTo } from '../../app/paths.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCreateInbound } from './api/change-inbound.ts';
import { useCurrentOrg } from './api/get-inbounds.ts';
import { inboundDocumentUrl } from './api/inbound-documents.ts';
import {
  type InfoValues,
  infoDefaults,
  totalPieces,
  type WizardBlock,
  type WizardItem,
  wizardBlock,
} from './inbound.rules.ts';
import { InboundInfoFields, useInboundInfoForm } from './inbound-information.tsx';
import { Fact } from './inbound-parts.tsx';
import { ProductAddForm } from './product-add-form.tsx';

/**
 * The add inventory wizard (/add_inventory; spec 2 §2 'Add inventory wizard (4 steps)', §4, §5): step 0 the type
 * (package, pallet, container/other), 1 the products (boxes × items per box, batch, expiry; searched by EAN or
 * name), 2 the information (prefilled from the organisation, the date today), 3 the confirmation. Next is refused
 * without a type ('Kies eerst een type zending'), without products ('Voeg producten toe') or without the required
 * information ('Vul alle verplichte velden in'); Cancel resets to step 0. Confirm calls `POST /inbound` and shows the
 * processing message until the answer holds a contact person, then the new inbound's number and links.
 */
export function AddInventoryPage(): ReactNode {
  const org = useCurrentOrg();
  if (org.isPending) return <PageLoader />;
  // Without the organisation (an error) the form starts empty: the merchant can still fill it in.
  return <Wizard defaults={infoDefaults(org.data)} />;
}

/** A chosen product with a key of its own (the same product may be announced twice, e.g. two batches). */
type KeyedItem = WizardItem & { key: string };

function Wizard({ defaults }: { defaults: InfoValues }): ReactNode {
  const { t } = useTranslation('inbound');
  const [step, setStep] = useState(0);
  const [type, setType] = useState<InboundType | null>(null);
  const [items, setItems] = useState<KeyedItem[]>([]);
  const nextKey = useRef(0);
  const [block, setBlock] = useState<WizardBlock | null>(null);
  const info = useInboundInfoForm(defaults);
  const create = useCreateInbound();

  function next() {
    const why = wizardBlock(step, { type, items, info: info.form.getValues() });
    if (why === 'missingInfo') info.form.validate();
    setBlock(why);
    if (!why) setStep(step + 1);
  }

  function cancel() {
    setStep(0);
    setType(null);
    setItems([]);
    setBlock(null);
    info.form.setValues(defaults);
    info.form.resetDirty(defaults);
    info.form.clearErrors();
    create.reset();
  }

  function confirm() {
    const values = info.form.getValues();
    const why = wizardBlock(2, { type, items, info: values });
    setBlock(why);
    if (why || !type) return;
    create.mutate({
      type,
      items: items.map((i) => ({
        product_id: i.product.id,
        units: i.units,
        packed_per: i.packed_per,
        batch_nr: i.batch_nr,
        expiration_date: i.expiration_date,
      })),
      information: values,
    });
  }

  const made = create.data;
  if (made?.contact_person) return <Created inbound={made} onAnother={cancel} />;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={PATHS.preNotify} size="sm">
        ← {t('preNotify.title')}
      </Anchor>
      <PageHeader title={t('wizard.title')} description={t('wizard.intro')} />
      <Stepper
        active={step}
        onStepClick={(s) => s < step && setStep(s)}
        allowNextStepsSelect={false}
        size="sm"
      >
        <Stepper.Step label={t('wizard.steps.type')} description={t('wizard.stepHints.type')}>
          <Radio.Group
            value={type}
            onChange={(v) => {
              setType(v as InboundType);
              setBlock(null);
            }}
            label={t('wizard.chooseType')}
            name="type"
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="sm">
              {INBOUND_TYPES.map((tp) => (
                <Radio.Card key={tp} value={tp} radius="md" p="md" aria-label={t(`types.${tp}`)}>
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600}>{t(`types.${tp}`)}</Text>
                      <Text size="sm" c="dimmed">
                        {t(`typeHints.${tp}`)}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.products')} description={t('wizard.stepHints.products')}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <ProductAddForm
                onAdd={(item) => {
                  nextKey.current += 1;
                  setItems((list) => [...list, { ...item, key: `item-${nextKey.current}` }]);
                  setBlock(null);
                  return undefined;
                }}
              />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="md" mb="xs">
                {t('wizard.chosen')}
              </Title>
              <ItemsTable items={items} onRemove={(key) => setItems(items.filter((i) => i.key !== key))} />
            </Paper>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.information')} description={t('wizard.stepHints.information')}>
          <Paper withBorder p="md" radius="md">
            <Text size="sm" c="dimmed" mb="sm">
              {t('info.prefilled')}
            </Text>
            <InboundInfoFields form={info} />
          </Paper>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.confirmation')} description={t('wizard.stepHints.confirmation')}>
          <Summary type={type} items={items} info={info.form.getValues()} />
        </Stepper.Step>
      </Stepper>
      {block ? (
        <Alert color="red" variant="light" role="alert" data-testid="wizard-block">
          {t(`wizard.${block}`)}
        </Alert>
      ) : null}
      {create.isPending || (made && !made.contact_person) ? (
        <Alert color="blue" variant="light" role="status">
          {t('wizard.processing')}
        </Alert>
      ) : null}
      <ErrorBanner error={create.error} />
      <Group justify="space-between">
        <Group gap="sm">
          <Button variant="default" onClick={cancel} disabled={create.isPending}>
            {t('wizard.cancel')}
          </Button>
          {step > 0 ? (
            <Button variant="default" onClick={() => setStep(step - 1)} disabled={create.isPending}>
              {t('wizard.back')}
            </Button>
          ) : null}
        </Group>
        {step < 3 ? (
          <Button onClick={next}>{t('wizard.next')}</Button>
        ) : (
          <Button onClick={confirm} loading={create.isPending}>
            {t('wizard.confirm')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The chosen products: name and EAN, boxes × per box = pieces, batch, expiry; each removable. */
function ItemsTable({ items, onRemove }: { items: readonly KeyedItem[]; onRemove?: (key: string) => void }) {
  const { t } = useTranslation('inbound');
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('wizard.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={t('wizard.chosen')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('detail.cols.product')}</Table.Th>
            <Table.Th ta="right">{t('detail.cols.boxes')}</Table.Th>
            <Table.Th ta="right">{t('detail.cols.packedPer')}</Table.Th>
            <Table.Th ta="right">{t('detail.cols.expected')}</Table.Th>
            <Table.Th>{t('detail.cols.batch')}</Table.Th>
            <Table.Th>{t('detail.cols.expiry')}</Table.Th>
            {onRemove ? <Table.Th /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.key} aria-label={i.product.name}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {i.product.name}
                </Text>
                <Text size="xs" ff="monospace" c="dimmed">
                  {i.product.ean}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{i.units}</Table.Td>
              <Table.Td ta="right">{i.packed_per}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {totalPieces(i.units, i.packed_per)}
              </Table.Td>
              <Table.Td>{i.batch_nr ?? '—'}</Table.Td>
              <Table.Td>{i.expiration_date ? formatDate(i.expiration_date) : '—'}</Table.Td>
              {onRemove ? (
                <Table.Td ta="right">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('wizard.remove', { name: i.product.name })}
                    onClick={() => onRemove(i.key)}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Step 3: type, products with totals and the information, as they will be sent. */
function Summary({
  type,
  items,
  info,
}: {
  type: InboundType | null;
  items: readonly KeyedItem[];
  info: InfoValues;
}) {
  const { t } = useTranslation('inbound');
  const boxes = items.reduce((s, i) => s + i.units, 0);
  const pieces = items.reduce((s, i) => s + totalPieces(i.units, i.packed_per), 0);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="md" mb="xs">
            {t('wizard.summary')}
          </Title>
          <Fact label={t('wizard.type')} value={type ? t(`types.${type}`) : '—'} />
          <Fact label={t('wizard.steps.products')} value={t('wizard.products', { count: items.length })} />
          <Fact label={t('detail.totals')} value={t('wizard.totals', { boxes, pieces })} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="md" mb="xs">
            {t('detail.information')}
          </Title>
          <Fact label={t('info.contact_person')} value={info.contact_person} />
          <Fact label={t('info.contact_person_email')} value={info.contact_person_email} />
          <Fact label={t('info.phone')} value={info.phone} />
          <Fact label={t('info.track_trace')} value={info.track_trace} />
          <Fact label={t('info.expected_delivery')} value={formatDate(info.expected_delivery)} />
          <Fact label={t('info.shipping_address')} value={info.shipping_address} />
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="md" mb="xs">
          {t('wizard.chosen')}
        </Title>
        <ItemsTable items={items} />
      </Paper>
    </Stack>
  );
}

/**
 * The announced inbound: its number, what to do next (print the QR label: its PDF opens from here, as on the inbound's
 * page), and links to it and to a new announcement.
 */
function Created({ inbound, onAnother }: { inbound: Inbound; onAnother: () => void }) {
  const { t } = useTranslation('inbound');
  return (
    <Stack gap="md">
      <PageHeader title={t('wizard.title')} />
      <Alert color="green" variant="light" data-testid="inbound-created" title={inbound.inbound_number}>
        {t('wizard.created', { number: inbound.inbound_number })}
      </Alert>
      <Group>
        <Button component="a" href={inboundDocumentUrl('qr', inbound.id)} target="_blank" rel="noopener">
          {t('detail.qr')}
        </Button>
        <Button component={Link} to={pathTo('checkinInventoryDetail', { id: inbound.id })} variant="default">
          {t('wizard.openInbound')}
        </Button>
        <Button variant="default" onClick={onAnother}>
          {t('wizard.another')}
        </Button>
      </Group>
    </Stack>
  );
}
