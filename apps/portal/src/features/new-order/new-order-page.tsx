import {
  type AddressCheckResult,
  canCall,
  DELIVERY_UNITS,
  formatDate,
  minDeliveryDate,
  NEW_ORDER_MESSAGES,
  newId,
  ORDER_REASONS,
  ORDER_TYPES,
  orderAttachmentUploadEndpoint,
  SHIPMENT_TYPES,
  type ShipmentMethod,
  shipmentMethodChoices,
} from '@hoppa/core';
import { PhoneField } from '@hoppa/web/phone-field';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { openOrdersLink } from '../../app/open-orders-link.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { DATE_FIELD_FORMAT, parseDateField } from '../../components/date-field/date-field.rules.ts';
import { DateInput } from '../../components/dates.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { AttachmentFields } from '../../components/order-attachments/attachment-fields.tsx';
import {
  type AttachmentLabels,
  OrderAttachmentsPanel,
} from '../../components/order-attachments/order-attachments-panel.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatMoney } from '../../lib/money.ts';
import {
  useAddressCheck,
  useCountries,
  useCreateOrder,
  useProductSearch,
  useResendSource,
  useShipmentMethods,
} from './api/new-order-api.ts';
import {
  addLine,
  canJumpTo,
  createOrderBody,
  type DraftAddress,
  type DraftLine,
  emptyDraft,
  FIELD_OF_CHECK,
  type NewOrderDraftState,
  openingStep,
  productHitsCurrent,
  productSearchTerm,
  resendPrefill,
  type StepBlock,
  type StepKey,
  setLineQuantity,
  stepBlock,
  wizardSteps,
} from './new-order.rules.ts';

/**
 * The new order wizard (/new_order; spec 1 §2 New order wizard, §4 Wizard, §5): manual orders in four steps (type,
 * products, address, confirmation), B2B, bol LVB and Amazon FBA orders in six (type, products, shipment type,
 * boxes/pallets, address, confirmation). Next checks the step in the order of spec 1 §5 and on a failure stays with a
 * banner of the spec's message; a progress circle jumps unless a step before it would refuse; the cancel icon resets
 * everything to step 0. Confirm creates the order (`POST /orders`) and uploads the attachments; the success screen links
 * to the order. `?resend={id}` opens prefilled from that order (spec 1 §4 resend prefill).
 */
export function NewOrderPage(): ReactNode {
  const [params] = useSearchParams();
  const resendId = params.get('resend');
  const source = useResendSource(resendId);
  if (resendId && source.isPending && source.fetchStatus !== 'idle') return <PageLoader />;
  const prefill = source.data ? resendPrefill(source.data) : null;
  return (
    <Wizard
      key={source.data?.id ?? 'new'}
      prefill={prefill}
      resendOf={source.data?.orderId ?? null}
      resendFailed={Boolean(resendId && !source.data)}
    />
  );
}

function Wizard({
  prefill,
  resendOf,
  resendFailed,
}: {
  prefill: NewOrderDraftState | null;
  resendOf: string | null;
  resendFailed: boolean;
}): ReactNode {
  const { t, i18n } = useTranslation('newOrder');
  const lang = i18n.resolvedLanguage?.startsWith('nl') ? 'nl' : 'en';
  const [draft, setDraft] = useState<NewOrderDraftState>(() => prefill ?? emptyDraft());
  const [step, setStep] = useState(() => (prefill ? openingStep(prefill) : 0));
  const [block, setBlock] = useState<StepBlock | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const methods = useShipmentMethods();
  const create = useCreateOrder();
  const address = useForm<DraftAddress>({
    mode: 'controlled',
    initialValues: draft.address,
    onValuesChange: (values) => {
      setDraft((d) => ({ ...d, address: values }));
      setBlock(null);
    },
  });

  const steps = wizardSteps(draft.order_type);
  const key = steps[step] ?? 'type';
  const choices = useMemo(
    () => shipmentMethodChoices(methods.data ?? [], draft.address.countryCode),
    [methods.data, draft.address.countryCode],
  );
  const shipmentMethodOk = (code: string) => choices.some((m) => m.code === code);
  const update = (change: Partial<NewOrderDraftState>) => {
    setDraft((d) => ({ ...d, ...change }));
    setBlock(null);
  };

  /** Shows a failure: the banner, and the field error of an address field. */
  function refuse(why: StepBlock) {
    setBlock(why);
    const field = why !== 'type' ? FIELD_OF_CHECK[why] : undefined;
    if (field) address.setFieldError(field, NEW_ORDER_MESSAGES[why as keyof typeof NEW_ORDER_MESSAGES][lang]);
  }

  function next() {
    const why = stepBlock(key, draft, { shipmentMethodOk });
    if (why) return refuse(why);
    setBlock(null);
    setStep(step + 1);
  }

  function cancel() {
    const fresh = emptyDraft();
    setDraft(fresh);
    address.setValues(fresh.address);
    address.clearErrors();
    setFiles([]);
    setBlock(null);
    setStep(0);
    create.reset();
  }

  function confirm() {
    const d = { ...draft, fileCount: files.length };
    const why = stepBlock('confirmation', d, { shipmentMethodOk });
    if (why) return refuse(why);
    create.mutate({ body: createOrderBody(d), files, key: newId() });
  }

  const made = create.data;
  if (made)
    return (
      <Created
        orderId={made.order_id}
        number={made.orderId}
        uploadFailed={Boolean(made.uploadError)}
        withAttachments={files.length > 0}
        b2b={steps.length === 6}
        onAnother={cancel}
      />
    );

  const blockText = block ? (block === 'type' ? t('blocks.type') : NEW_ORDER_MESSAGES[block][lang]) : null;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={resendOf ? t('resendIntro', { orderId: resendOf }) : t('intro')}
        actions={
          <Tooltip label={t('cancel')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('cancel')}
              onClick={cancel}
              disabled={create.isPending}
            >
              ×
            </ActionIcon>
          </Tooltip>
        }
      />
      {resendFailed ? (
        <Alert color="yellow" variant="light">
          {t('resendMissing')}
        </Alert>
      ) : null}
      <Stepper
        active={step}
        onStepClick={(s) => {
          if (canJumpTo(s, step, draft)) {
            setBlock(null);
            setStep(s);
          }
        }}
        size="sm"
      >
        {steps.map((s, i) => (
          <Stepper.Step
            key={s}
            label={t(`steps.${s}`)}
            allowStepSelect={i !== step && canJumpTo(i, step, draft)}
          >
            <StepBody
              step={s}
              draft={draft}
              update={update}
              address={address}
              choices={choices}
              methodsLoading={methods.isPending}
              files={files}
              onFiles={setFiles}
              block={block}
              lang={lang}
            />
          </Stepper.Step>
        ))}
      </Stepper>
      {blockText ? (
        <Alert color="red" variant="light" role="alert" data-testid="wizard-block">
          {blockText}
        </Alert>
      ) : null}
      {create.isPending ? (
        <Alert color="blue" variant="light" role="status">
          {t('creating')}
        </Alert>
      ) : null}
      <ErrorBanner error={create.error} />
      <Group justify="space-between">
        {step > 0 ? (
          <Button variant="default" onClick={() => setStep(step - 1)} disabled={create.isPending}>
            {t('back')}
          </Button>
        ) : (
          <span />
        )}
        {key === 'confirmation' ? (
          <Button onClick={confirm} loading={create.isPending}>
            {t('create')}
          </Button>
        ) : (
          <Button onClick={next} disabled={key === 'delivery' && stepBlock('delivery', draft) !== null}>
            {t('next')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

type AddressForm = ReturnType<typeof useForm<DraftAddress>>;

interface StepProps {
  step: StepKey;
  draft: NewOrderDraftState;
  update: (change: Partial<NewOrderDraftState>) => void;
  address: AddressForm;
  choices: ShipmentMethod[];
  methodsLoading: boolean;
  files: File[];
  onFiles: (files: File[]) => void;
  block: StepBlock | null;
  lang: 'nl' | 'en';
}

function StepBody(props: StepProps): ReactNode {
  switch (props.step) {
    case 'type':
      return <TypeStep {...props} />;
    case 'products':
      return <ProductsStep {...props} />;
    case 'shipmentType':
      return <ShipmentTypeStep {...props} />;
    case 'delivery':
      return <DeliveryStep {...props} />;
    case 'address':
      return <AddressStep {...props} />;
    default:
      return <ConfirmationStep {...props} />;
  }
}

/** Step 0: manual, B2B, bol LVB or Amazon FBA (spec 1 §3 Order types); a B2B-like choice gives six steps. */
function TypeStep({ draft, update }: StepProps) {
  const { t } = useTranslation('newOrder');
  return (
    <Radio.Group
      value={draft.order_type}
      onChange={(v) => update({ order_type: v as NewOrderDraftState['order_type'] })}
      name="order_type"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" mt="sm">
        {ORDER_TYPES.map((tp) => (
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
  );
}

/** Step 1: product lines by search (spec 1 §5 Product selection), quantity at least 1. */
function ProductsStep({ draft, update }: StepProps) {
  const { t } = useTranslation('newOrder');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const search = useProductSearch(productSearchTerm(debounced));
  const hits = search.data?.products ?? [];
  // Hits of an earlier search (shown until the typed text's answer arrives) cannot be added: see productHitsCurrent.
  const current = productHitsCurrent(text, debounced, search.isPlaceholderData);
  const lines = draft.products;
  const add = (line: DraftLine) => update({ products: addLine(lines, line) });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="sm">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <TextInput
            label={t('products.search')}
            description={t('products.searchHint')}
            leftSection={<Icon name="search" size={16} />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={20}
          />
          <ErrorBanner error={search.error} />
          {search.data && hits.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('products.none')}
            </Text>
          ) : null}
          <Stack gap={4} data-testid="product-hits" aria-busy={!current}>
            {hits.map((p) => (
              <UnstyledButton
                key={p.id}
                onClick={() => add({ product_id: p.id, title: p.name, ean: p.ean, quantity: 1 })}
                aria-label={t('products.addNamed', { name: p.name })}
                disabled={!current}
                p={6}
                style={{
                  borderRadius: 6,
                  border: '1px solid var(--mantine-color-default-border)',
                  opacity: current ? 1 : 0.5,
                  cursor: current ? undefined : 'wait',
                }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm" fw={500} lineClamp={1}>
                      {p.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {p.ean}
                    </Text>
                  </div>
                  <Text size="xs" c="blue" fw={600}>
                    + {t('products.add')}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="md" mb="xs">
          {t('products.chosen')}
        </Title>
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('products.nothing')}
          </Text>
        ) : (
          <Table aria-label={t('products.chosen')}>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.product_id} aria-label={l.title}>
                  <Table.Td>
                    <Text size="sm" fw={500} lineClamp={2}>
                      {l.title}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {l.ean}
                    </Text>
                  </Table.Td>
                  <Table.Td w={150}>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="default"
                        aria-label={t('products.less', { name: l.title })}
                        onClick={() =>
                          update({ products: setLineQuantity(lines, l.product_id, l.quantity - 1) })
                        }
                      >
                        −
                      </ActionIcon>
                      <NumberInput
                        aria-label={t('products.quantity')}
                        value={l.quantity}
                        min={1}
                        max={100000}
                        w={64}
                        hideControls
                        onChange={(v) =>
                          update({ products: setLineQuantity(lines, l.product_id, Number(v)) })
                        }
                      />
                      <ActionIcon
                        variant="default"
                        aria-label={t('products.more', { name: l.title })}
                        onClick={() =>
                          update({ products: setLineQuantity(lines, l.product_id, l.quantity + 1) })
                        }
                      >
                        +
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                  <Table.Td w={40}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('products.remove', { name: l.title })}
                      onClick={() => update({ products: lines.filter((x) => x.product_id !== l.product_id) })}
                    >
                      ×
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </SimpleGrid>
  );
}

/** Step 2 of the B2B-like flow: pickup or drop-off (default drop-off; spec 1 §3 Shipment types). */
function ShipmentTypeStep({ draft, update }: StepProps) {
  const { t } = useTranslation('newOrder');
  return (
    <Radio.Group
      value={draft.shipmentType}
      onChange={(v) => update({ shipmentType: v as NewOrderDraftState['shipmentType'] })}
      label={t('shipment.label')}
      name="shipmentType"
      mt="sm"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="sm">
        {SHIPMENT_TYPES.map((st) => (
          <Radio.Card key={st} value={st} radius="md" p="md" aria-label={t(`shipment.${st}`)}>
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <div>
                <Text fw={600}>{t(`shipment.${st}`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`shipment.${st}Hint`)}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** Step 3 of the B2B-like flow: box or pallet, count ≥ 1 and a delivery date ≥ today + 3 (spec 1 §5 Box/pallet step). */
function DeliveryStep({ draft, update, lang }: StepProps) {
  const { t } = useTranslation('newOrder');
  const min = minDeliveryDate();
  const unit = t(`delivery.${draft.unit}`).toLowerCase();
  const countBad = draft.count !== '' && draft.count < 1;
  const dateBad = draft.deliveryDate !== null && draft.deliveryDate < min;
  return (
    <Paper withBorder p="md" radius="md" mt="sm" maw={520}>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('delivery.unit')}
          value={draft.unit}
          onChange={(v) => update({ unit: v as NewOrderDraftState['unit'] })}
          data={DELIVERY_UNITS.map((u) => ({ value: u, label: t(`delivery.${u}`) }))}
        />
        <NumberInput
          label={t('delivery.count', { unit })}
          min={1}
          max={10000}
          allowDecimal={false}
          value={draft.count}
          onChange={(v) => update({ count: v === '' ? '' : Number(v) })}
          error={countBad ? NEW_ORDER_MESSAGES.deliveryCount[lang] : undefined}
          required
        />
        <DateInput
          label={t('delivery.date')}
          description={t('delivery.dateHint', { date: formatDate(min) })}
          value={draft.deliveryDate}
          minDate={min}
          onChange={(v) => update({ deliveryDate: v ? String(v).slice(0, 10) : null })}
          dateParser={parseDateField}
          valueFormat={DATE_FIELD_FORMAT}
          error={dateBad ? NEW_ORDER_MESSAGES.deliveryDate[lang] : undefined}
          required
          popoverProps={{ withinPortal: true, shadow: 'md' }}
        />
      </Stack>
    </Paper>
  );
}

/** The address step (spec 1 §5 Address form): country NL by default, the address check after the house number. */
/** A country's name in the reader's language from `GET /countries/europe`; the code itself until they load. */
function useCountryName(lang: 'nl' | 'en'): (code: string) => string {
  const countries = useCountries();
  return (code: string) => {
    const c = countries.data?.find((x) => x.code === code);
    return c ? (lang === 'nl' ? c.name_nl : c.name_en) : code;
  };
}

function AddressStep({ draft, address, lang }: StepProps) {
  const { t } = useTranslation('newOrder');
  const countries = useCountries();
  const a = draft.address;
  const [houseNumber] = useDebouncedValue(a.housenumber, 400);
  const [postalCode] = useDebouncedValue(a.postalcode, 400);
  const check = useAddressCheck(a.countryCode, postalCode, houseNumber);
  const countryName = useCountryName(lang);
  /** A refused check in the reader's language, by the answer's `problem` (its `message` is English only; ADR 0142). */
  const refusal = ({ country, problem }: AddressCheckResult) => {
    const values = {
      country: countryName(country),
      postcode: postalCode.trim(),
      houseNumber: houseNumber.trim(),
    };
    if (problem?.code === 'postcode')
      return problem.example
        ? t('address.refusedPostcodeExample', { ...values, example: problem.example })
        : t('address.refusedPostcode', values);
    return problem?.code === 'house_number'
      ? t('address.refusedHouseNumber', values)
      : t('address.refusedAddress', values);
  };
  const data = (countries.data ?? [{ code: 'NL', name_nl: 'Nederland', name_en: 'Netherlands' }])
    .map((c) => ({ value: c.code, label: lang === 'nl' ? c.name_nl : c.name_en }))
    .sort((x, y) => x.label.localeCompare(y.label, lang));
  const field = (name: keyof DraftAddress, required = true) => (
    <TextInput label={t(`address.${name}`)} required={required} {...address.getInputProps(name)} />
  );
  return (
    <Paper withBorder p="md" radius="md" mt="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <Select
          label={t('address.country')}
          required
          searchable
          data={data}
          {...address.getInputProps('countryCode')}
          onChange={(v) => address.setFieldValue('countryCode', v ?? '')}
          allowDeselect={false}
        />
        {field('postalcode')}
        {field('housenumber')}
        {field('houseNumberExtension', false)}
        {field('streetname')}
        {field('city')}
        {field('name')}
        {field('surename')}
        {field('company', false)}
        {field('email')}
        <PhoneField
          label={t('address.phone')}
          addressCountry={address.values.countryCode}
          {...address.getInputProps('phone')}
        />
      </SimpleGrid>
      <Group mt="sm" data-testid="address-check">
        {check.isFetching ? (
          <Text size="sm" c="dimmed">
            {t('address.checking')}
          </Text>
        ) : check.data ? (
          <Text size="sm" c={check.data.valid ? 'green' : 'red'}>
            {check.data.valid
              ? `✓ ${t('address.checked', { country: countryName(check.data.country) })}`
              : refusal(check.data)}
          </Text>
        ) : check.error ? (
          <Text size="sm" c="red">
            {t('address.checkFailed')}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}

/** The last step: summary, shipment method (choices of the country), order reason, remark and attachments. */
function ConfirmationStep({
  draft,
  update,
  choices,
  methodsLoading,
  files,
  onFiles,
  block,
  lang,
}: StepProps) {
  const { t } = useTranslation('newOrder');
  const countryName = useCountryName(lang);
  const a = draft.address;
  const b2b = wizardSteps(draft.order_type).length === 6;
  return (
    <Stack gap="md" mt="sm">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="md" mb="xs">
            {t('confirm.summary')}
          </Title>
          <Text size="sm">
            <b>{t('confirm.type')}:</b> {draft.order_type ? t(`types.${draft.order_type}`) : '—'}
          </Text>
          {b2b ? (
            <Text size="sm">
              {t('confirm.deliveryData', {
                count: draft.count === '' ? 0 : draft.count,
                unit: t(`delivery.${draft.unit}`).toLowerCase(),
                shipmentType: t(`shipment.${draft.shipmentType}`).toLowerCase(),
                date: draft.deliveryDate ? formatDate(draft.deliveryDate) : '—',
              })}
            </Text>
          ) : null}
          <Text size="sm" mt="xs">
            {[a.company, `${a.name} ${a.surename}`.trim()].filter(Boolean).join(', ')}
            <br />
            {`${a.streetname} ${a.housenumber} ${a.houseNumberExtension}`.trim()}
            <br />
            {`${a.postalcode} ${a.city}`.trim()} · {countryName(a.countryCode)}
            <br />
            {[a.email, a.phone].filter(Boolean).join(' · ')}
          </Text>
          <Table mt="xs">
            <Table.Tbody>
              {draft.products.map((l) => (
                <Table.Tr key={l.product_id}>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {l.title}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">× {l.quantity}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Select
              label={t('confirm.method')}
              placeholder={t('confirm.methodPlaceholder')}
              required
              data={choices.map((m) => ({
                value: m.code,
                label: `${m.name} — ${formatMoney(m.price_cents)}`,
              }))}
              value={draft.ship_option}
              onChange={(v) => update({ ship_option: v })}
              nothingFoundMessage={t('confirm.noMethods')}
              disabled={methodsLoading}
              error={block === 'shipmentMethod' ? NEW_ORDER_MESSAGES.shipmentMethod[lang] : undefined}
            />
            <Select
              label={t('confirm.reason')}
              placeholder={t('confirm.reasonPlaceholder')}
              required
              data={ORDER_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
              value={draft.reason}
              onChange={(v) => update({ reason: v })}
              error={block === 'reason' ? NEW_ORDER_MESSAGES.reason[lang] : undefined}
            />
            <Textarea
              label={t('confirm.remark')}
              value={draft.remark}
              onChange={(e) => update({ remark: e.currentTarget.value })}
              rows={3}
              maxLength={2000}
            />
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="md" mb="xs">
          {t('confirm.attachments')}
        </Title>
        <AttachmentFields
          labels={attachmentLabels(t)}
          files={files}
          onFiles={(f) => {
            onFiles(f);
            update({ fileCount: f.length });
          }}
          text={draft.attachmentText}
          onText={(text) => update({ attachmentText: text })}
          textError={block === 'attachmentText' ? NEW_ORDER_MESSAGES.attachmentText[lang] : null}
          filesError={block === 'attachmentFiles' ? NEW_ORDER_MESSAGES.attachmentFiles[lang] : null}
        />
      </Paper>
    </Stack>
  );
}

/**
 * The success screen: the order's number, a link to the open orders where it now stands (the B2B filter on for a
 * B2B-like order), its attachments with their download links; a failed upload can be repeated there.
 */
function Created({
  orderId,
  number,
  uploadFailed,
  withAttachments,
  b2b,
  onAnother,
}: {
  orderId: string;
  number: string;
  uploadFailed: boolean;
  /** Files were chosen: only then the attachments panel shows (empty, it read "Geen bijlagen gevonden"; ADR 0142). */
  withAttachments: boolean;
  b2b: boolean;
  onAnother: () => void;
}) {
  const { t } = useTranslation('newOrder');
  const { user, orgAuth } = useSession();
  const mayUpload = canCall(roleInForce(user, orgAuth), orderAttachmentUploadEndpoint);
  const scrolled = useRef(false);
  // The order is placed now: after 22:00 the board's default range ("until today 22:00") would leave it out.
  const [placedAt] = useState(() => new Date());
  useEffect(() => {
    if (!scrolled.current) window.scrollTo({ top: 0 });
    scrolled.current = true;
  }, []);
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} />
      <Alert
        color="green"
        variant="light"
        data-testid="order-created"
        title={t('done.title', { orderId: number })}
      >
        {t('done.body')}
      </Alert>
      {uploadFailed ? (
        <Alert color="red" variant="light" role="alert">
          {t('done.uploadFailed')}
        </Alert>
      ) : null}
      <Group>
        <Button component={Link} to={openOrdersLink(placedAt, { b2b })}>
          {t('done.open')}
        </Button>
        <Button variant="default" onClick={onAnother}>
          {t('done.another')}
        </Button>
      </Group>
      {withAttachments || uploadFailed ? (
        <OrderAttachmentsPanel
          orderId={orderId}
          canUpload={mayUpload && uploadFailed}
          labels={attachmentLabels(t)}
        />
      ) : null}
    </Stack>
  );
}

/** The attachment panel's and fields' words in this area's texts (namespace 'newOrder'). */
function attachmentLabels(t: (key: string) => string): AttachmentLabels {
  return {
    title: t('panel.title'),
    none: t('panel.none'),
    file: t('panel.file'),
    size: t('panel.size'),
    instruction: t('panel.instruction'),
    upload: t('panel.upload'),
    uploaded: t('panel.uploaded'),
    files: t('confirm.files'),
    filesPlaceholder: t('confirm.filesPlaceholder'),
    instructions: t('confirm.instructions'),
    hint: t('confirm.attachmentsHint'),
  };
}
