import {
  assignBoxEndpoint,
  assignShippingEndpoint,
  automationCreateEndpoint,
  automationListEndpoint,
  CONFIRM_AS,
  type ConfirmAs,
  CustomsBodySchema,
  canCall,
  confirmAsEndpoint,
  customsEndpoint,
  fakeStockEndpoint,
  fulfilmentToggleEndpoint,
  isProblem,
  leadTimeEndpoint,
  type ProductCard,
  packNoteEndpoint,
  pickNoteEndpoint,
  productBundleEndpoint,
  productDeleteEndpoint,
  productImageUploadEndpoint,
  productLinkEndpoint,
  productNoteEndpoint,
  productUnlinkEndpoint,
  shareTrackTraceEndpoint,
  shipTimeEndpoint,
  stockMaxEndpoint,
  stockMinEndpoint,
  surchargeSelectEndpoint,
  surchargesEndpoint,
  syncStockEndpoint,
  trackTraceEmailEndpoint,
  VALIDATION_REASON_CODES,
  zodIssueCode,
} from '@hoppa/core';
import { type CodedIssue, codedReasonText } from '@hoppa/web';
import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Checkbox,
  FileButton,
  Group,
  Image,
  Modal,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PATHS, pathTo } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { BundlePartsPanel } from '../../components/product-panels/bundle-parts-panel.tsx';
import { ProductAutomationsPanel } from '../../components/product-panels/product-automations-panel.tsx';
import {
  imageFileProblem,
  useCardChange,
  useChildLinks,
  useDeleteProduct,
  useOpenTransfers,
  useProductCard,
  useShippingChoices,
  useStockAnalysis,
  useSurcharges,
  useUploadImage,
} from './api/product-card.ts';
import { useProductLocations } from './api/product-locations.ts';
import { useProductSearch } from './api/product-search.ts';
import { BundleStockSection } from './bundle-stock.tsx';
import {
  EanLabels,
  HistorySection,
  LocationsSection,
  RecountSection,
  ReturnInstruction,
  useStockPermissions,
} from './stock-sections.tsx';

/**
 * The card's expandable panels, in order (spec 3 §2), plus the bundle's parts (ADR 0049). The automation rules and
 * bundle parts panels are the shared ones of `components/product-panels`.
 */
export const CARD_PANELS = [
  'options',
  'automations',
  'history',
  'analysis',
  'customs',
  'recount',
  'transfers',
  'children',
  'bundle',
] as const;
export type CardPanel = (typeof CARD_PANELS)[number];

/** The data-quality problems of a product (spec 3 §2): a missing EAN, name or image. */
export function dataQualityProblems(
  p: Pick<ProductCard, 'ean' | 'name' | 'has_image'>,
): ('ean' | 'name' | 'image')[] {
  return [
    ...(p.ean.trim() ? [] : (['ean'] as const)),
    ...(p.name.trim() ? [] : (['name'] as const)),
    ...(p.has_image ? [] : (['image'] as const)),
  ];
}

/** Which card calls the user's role may make (spec 3 §6: each control shows only with its call). */
function useCardPermissions() {
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  return {
    settings: canCall(role, productNoteEndpoint),
    fulfilment: canCall(role, fulfilmentToggleEndpoint),
    customs: canCall(role, customsEndpoint),
    link: canCall(role, productLinkEndpoint) && canCall(role, productUnlinkEndpoint),
    upload: canCall(role, productImageUploadEndpoint),
    delete: canCall(role, productDeleteEndpoint),
    automations: canCall(role, automationListEndpoint),
    editAutomations: canCall(role, automationCreateEndpoint),
    bundle: canCall(role, productBundleEndpoint),
  };
}

/**
 * The product card (spec 3 §2 Product item card; issue 15): the product's image (upload, placeholder), name, EAN and
 * BSKU, total stock, sold in 30 days and days until out of stock; EAN labels and delete (with the spec's confirmation);
 * the data-quality warning; switches for fulfilment, track-and-trace sharing, stock sync and fake stock; the default
 * shipment method and box; its locations (for a bundle, which lies on no location, its parts instead: ADR 0142);
 * and the expandable panels, one open at a time (spec 3 §4): options,
 * location history, stock analysis, customs, recount, open transfers and linked child products. The product load is
 * retried after 500 ms and 1 s (spec 3 §4). A user sees only the controls whose calls the role allows.
 */
export function ProductCardPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('stock');
  const card = useProductCard(id);
  const may = useCardPermissions();
  const stock = useStockPermissions();
  // The locations' read (the locations section's own, from the same cache) says whether the product is a bundle, and
  // whether it still has places of its own from before it became one (they count for nothing: shown to clear them).
  const places = useProductLocations(id).data;
  const bundle = places?.product.is_bundle === true;
  const strayPlaces = bundle ? (places?.locations.length ?? 0) : 0;
  // The location history starts open for those who may read it: where the stock went is what the card is opened for
  // most (and it was always in view on the former stock page).
  const [open, setOpen] = useState<CardPanel | null>(stock.history ? 'history' : null);

  if (card.isError) return <ErrorBanner error={card.error} />;
  if (card.isPending) return <PageLoader />;
  const p = card.data;
  const problems = dataQualityProblems(p);

  const panel = (key: CardPanel, body: ReactNode) => (
    <Accordion.Item value={key} key={key}>
      <Accordion.Control>{t(`card.panel.${key}`)}</Accordion.Control>
      <Accordion.Panel>{open === key ? body : null}</Accordion.Panel>
    </Accordion.Item>
  );

  return (
    <Stack gap="md">
      <Anchor component={Link} to={PATHS.products} size="sm">
        ← {t('back')}
      </Anchor>
      <Paper withBorder radius="md" p="md">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <ProductImage product={p} mayUpload={may.upload} />
          <Stack gap={6} style={{ flex: 1, minWidth: 260 }}>
            <Title order={1} fz="h2">
              {p.name || t('card.unnamed')}
            </Title>
            <Group gap="md">
              <Text size="sm">
                {t('card.ean')}:{' '}
                <Text span ff="monospace">
                  {p.ean || '—'}
                </Text>
              </Text>
              <Text size="sm">
                {t('card.bsku')}:{' '}
                <Text span ff="monospace">
                  {p.bsku || '—'}
                </Text>
              </Text>
            </Group>
            <Group gap="xs">
              {!p.active && <Badge color="gray">{t('card.inactive')}</Badge>}
              {p.needs_recount && <Badge color="orange">{t('needsRecount')}</Badge>}
              {p.parent_product && (
                <Badge
                  variant="light"
                  component={Link}
                  to={pathTo('product', { id: p.parent_product.id })}
                  style={{ cursor: 'pointer' }}
                >
                  {t('card.childOf', { name: p.parent_product.name })}
                </Badge>
              )}
            </Group>
            <SimpleGrid cols={3} spacing="sm" mt="xs" maw={520}>
              <Stat
                label={t(bundle ? 'card.bundleTotalStock' : 'card.totalStock')}
                value={String(p.sf_stock)}
              />
              <Stat label={t('card.sold30')} value={String(p.sold_30d)} />
              <Stat
                label={t('card.daysLeft')}
                value={p.days_until_out_of_stock === null ? '—' : String(p.days_until_out_of_stock)}
              />
            </SimpleGrid>
          </Stack>
          <Stack gap="xs" align="flex-end">
            {stock.labels && <EanLabels ean={p.ean} orgId={p.org} />}
            {may.delete && <DeleteProduct product={p} />}
          </Stack>
        </Group>
      </Paper>
      {problems.length > 0 && (
        <Alert color="yellow" variant="light" title={t('card.quality.title')}>
          {problems.map((k) => t(`card.quality.${k}`)).join(' · ')}
        </Alert>
      )}
      <SettingsStrip product={p} may={may} />
      {bundle ? <BundleStockSection id={id} stock={p.sf_stock} strayPlaces={strayPlaces} /> : null}
      {!bundle || strayPlaces > 0 ? <LocationsSection id={id} /> : null}
      <Accordion
        variant="separated"
        radius="md"
        value={open}
        onChange={(v) => setOpen(v as CardPanel | null)}
        aria-label={t('card.panels')}
      >
        {panel('options', <OptionsPanel product={p} editable={may.settings} mayInstruct={stock.instruct} />)}
        {may.automations &&
          panel(
            'automations',
            <ProductAutomationsPanel productId={id} orgId={p.org} canEdit={may.editAutomations} />,
          )}
        {stock.history && panel('history', <HistorySection id={id} />)}
        {panel('analysis', <AnalysisPanel product={p} />)}
        {panel('customs', <CustomsPanel product={p} editable={may.customs} />)}
        {(stock.recount || stock.correct) && panel('recount', <RecountSection id={id} product={p} />)}
        {stock.transfers && panel('transfers', <TransfersPanel id={id} />)}
        {panel('children', <ChildrenPanel product={p} editable={may.link} />)}
        {may.bundle && panel('bundle', <BundlePartsPanel productId={id} />)}
      </Accordion>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" aria-label={label}>
        {value}
      </Text>
    </Box>
  );
}

/** Edge of the card's product image, px. */
const IMAGE_SIZE = 132;

/**
 * The product's image (the first stored one, else its `img_url`), a placeholder when there is none or it does not
 * load, and an upload button (jpeg, png, webp, 5 MB; checked here and by the API).
 */
function ProductImage({ product, mayUpload }: { product: ProductCard; mayUpload: boolean }) {
  const { t } = useTranslation('stock');
  const upload = useUploadImage(product.id);
  const [failed, setFailed] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const first = product.image_ids[0];
  const src = first ? `/api/product/get_image/${product.id}?v=${first}` : product.img_url;
  const show = src && failed !== src;
  return (
    <Stack gap={6} align="center" w={IMAGE_SIZE}>
      {show ? (
        <Image
          src={src}
          alt={product.name}
          w={IMAGE_SIZE}
          h={IMAGE_SIZE}
          fit="contain"
          radius="sm"
          bg="white"
          referrerPolicy="no-referrer"
          onError={() => setFailed(src)}
        />
      ) : (
        <Center
          w={IMAGE_SIZE}
          h={IMAGE_SIZE}
          bg="gray.1"
          c="gray.5"
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          role="img"
          aria-label={t('card.noImage')}
          data-testid="product-image-placeholder"
        >
          <Icon name="products" size={48} />
        </Center>
      )}
      {!first && product.img_url && failed === product.img_url && (
        <Text size="xs" c="dimmed" ta="center">
          {t('card.image.unreachable')}
        </Text>
      )}
      {mayUpload && (
        <FileButton
          accept="image/jpeg,image/png,image/webp"
          onChange={(file) => {
            if (!file) return;
            const bad = imageFileProblem(file);
            setProblem(bad ? t(`card.image.${bad}`, { file: file.name }) : null);
            if (!bad)
              upload.mutate(file, {
                onSuccess: () => notifications.show({ color: 'green', message: t('card.image.done') }),
              });
          }}
        >
          {(props) => (
            <Button {...props} size="compact-xs" variant="default" loading={upload.isPending}>
              {t('card.image.upload')}
            </Button>
          )}
        </FileButton>
      )}
      {problem && (
        <Text size="xs" c="red" ta="center">
          {problem}
        </Text>
      )}
      <ErrorBanner error={upload.error} />
    </Stack>
  );
}

/** Delete with the spec's confirmation (spec 3 §5); the API refuses a product with stock or on open orders. */
function DeleteProduct({ product }: { product: ProductCard }) {
  const { t } = useTranslation('stock');
  const navigate = useNavigate();
  const remove = useDeleteProduct(product.id);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button variant="subtle" color="red" size="xs" onClick={() => setAsked(true)}>
        {t('card.delete.button')}
      </Button>
      <Modal opened={asked} onClose={() => setAsked(false)} title={t('card.delete.title')} centered>
        <Stack>
          <Text>{t('card.delete.question', { count: 1 })}</Text>
          <Text size="sm" c="dimmed">
            {t('card.delete.undone')}
          </Text>
          {remove.error &&
          (isProblem(remove.error, productDeleteEndpoint, 'product_has_stock') ||
            isProblem(remove.error, productDeleteEndpoint, 'product_in_open_orders')) ? (
            <Alert color="red" variant="light">
              {(remove.error as Error).message}
            </Alert>
          ) : (
            <ErrorBanner error={remove.error} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsked(false)}>
              {t('card.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (r) => {
                    notifications.show({
                      color: 'green',
                      message: t(r.outcome === 'deleted' ? 'card.delete.deleted' : 'card.delete.deactivated'),
                    });
                    setAsked(false);
                    if (r.outcome === 'deleted') navigate(PATHS.products);
                  },
                })
              }
            >
              {t('card.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The switches and the shipment method and box selectors (spec 3 §2), each saved at once through its own call. */
function SettingsStrip({
  product: p,
  may,
}: {
  product: ProductCard;
  may: ReturnType<typeof useCardPermissions>;
}) {
  const { t } = useTranslation('stock');
  const toggle = useCardChange(p.id, fulfilmentToggleEndpoint);
  const share = useCardChange(p.id, shareTrackTraceEndpoint);
  const sync = useCardChange(p.id, syncStockEndpoint);
  const fake = useCardChange(p.id, fakeStockEndpoint);
  const error = toggle.error ?? share.error ?? sync.error ?? fake.error;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('card.settings')}>
      <Stack gap="sm">
        <ErrorBanner error={error} />
        <Group gap="xl">
          <Switch
            label={t('card.switch.fulfilment')}
            checked={p.fullfilled_bysf}
            disabled={!may.fulfilment || toggle.isPending}
            onChange={() => toggle.mutate({ body: { id: p.id } })}
          />
          <Switch
            label={t('card.switch.shareTT')}
            checked={p.share_track_trace}
            disabled={!may.settings || share.isPending}
            onChange={(e) =>
              share.mutate({ body: { product_id: p.id, share_track_trace: e.currentTarget.checked } })
            }
          />
          <Switch
            label={t('card.switch.syncStock')}
            checked={p.sync_stock}
            disabled={!may.settings || sync.isPending}
            onChange={(e) => sync.mutate({ body: { product_id: p.id, stock_sync: e.currentTarget.checked } })}
          />
          <Switch
            label={t('card.switch.fakeStock')}
            checked={p.fake_stock}
            disabled={!may.settings || fake.isPending}
            onChange={(e) => fake.mutate({ body: { product_id: p.id, fake_stock: e.currentTarget.checked } })}
          />
        </Group>
        <ShippingSelectors product={p} editable={may.settings} />
      </Stack>
    </Paper>
  );
}

/**
 * The default shipment method and box (packaging) selectors, an order with the product gets them (ADR 0048), and the
 * surcharges that apply to the product (`POST /surcharges/select`, the whole set at each change).
 */
function ShippingSelectors({ product: p, editable }: { product: ProductCard; editable: boolean }) {
  const { t } = useTranslation('stock');
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  const { methods, boxes } = useShippingChoices();
  const surcharges = useSurcharges(canCall(role, surchargesEndpoint));
  const method = useCardChange(p.id, assignShippingEndpoint);
  const box = useCardChange(p.id, assignBoxEndpoint);
  const select = useCardChange(p.id, surchargeSelectEndpoint);
  const maySurcharge = editable && canCall(role, surchargeSelectEndpoint);
  const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
  const none = { value: '', label: t('card.none') };
  return (
    <Stack gap={4}>
      <Group gap="md" align="flex-end">
        <NativeSelect
          label={t('card.defaultMethod')}
          value={p.def_shipping_id ?? ''}
          disabled={!editable || method.isPending}
          onChange={(e) =>
            method.mutate({ body: { product_id: p.id, shipment_method_id: e.currentTarget.value || null } })
          }
          data={[
            none,
            ...(methods.data ?? [])
              .filter((m) => m.active || m.id === p.def_shipping_id)
              .map((m) => ({ value: m.id, label: `${m.name} (${m.code})` })),
          ]}
          w={300}
        />
        <NativeSelect
          label={t('card.defaultBox')}
          value={p.ship_box_id ?? ''}
          disabled={!editable || box.isPending}
          onChange={(e) => box.mutate({ body: { product_id: p.id, box_id: e.currentTarget.value || null } })}
          data={[none, ...(boxes.data ?? []).map((b) => ({ value: b.id, label: b.name }))]}
          w={260}
        />
        {surcharges.data && (
          <MultiSelect
            label={t('card.surcharges')}
            placeholder={p.surcharge_ids.length === 0 ? t('card.none') : undefined}
            value={p.surcharge_ids}
            disabled={!maySurcharge || select.isPending}
            onChange={(ids) => select.mutate({ body: { product_id: p.id, surcharge_ids: ids } })}
            data={surcharges.data.items.map((s) => ({
              value: s.id,
              label: `${s.name} (${euro.format(s.price)})`,
            }))}
            maxValues={20}
            clearable
            w={340}
          />
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('card.defaultsHint')}
      </Text>
      <ErrorBanner error={method.error ?? box.error ?? select.error} />
    </Stack>
  );
}

const numberOrNull = (v: string | number): number | null => (v === '' || v === null ? null : Number(v));

/**
 * The options panel (spec 3 §2): track-and-trace e-mail, default shipment method and packaging (the same selectors as
 * above), marketplace confirm-as, lead and ship time, stock minimum and maximum, pick, pack and own note, and the return
 * instruction. The text and number fields are saved together with Save; only changed ones are sent, each through its
 * own call.
 */
function OptionsPanel({
  product: p,
  editable,
  mayInstruct,
}: {
  product: ProductCard;
  editable: boolean;
  mayInstruct: boolean;
}) {
  const { t } = useTranslation('stock');
  const email = useCardChange(p.id, trackTraceEmailEndpoint);
  const confirm = useCardChange(p.id, confirmAsEndpoint);
  const calls = {
    lead: useCardChange(p.id, leadTimeEndpoint),
    ship: useCardChange(p.id, shipTimeEndpoint),
    min: useCardChange(p.id, stockMinEndpoint),
    max: useCardChange(p.id, stockMaxEndpoint),
    pick: useCardChange(p.id, pickNoteEndpoint),
    pack: useCardChange(p.id, packNoteEndpoint),
    note: useCardChange(p.id, productNoteEndpoint),
  };
  const initial = {
    lead: p.lead_time_days ?? '',
    ship: p.ship_time_days ?? '',
    min: p.stock_min ?? '',
    max: p.stock_max ?? '',
    pick: p.pick_note ?? '',
    pack: p.pack_note ?? '',
    note: p.note ?? '',
  } as Record<keyof typeof calls, string | number>;
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const changed = (Object.keys(calls) as (keyof typeof calls)[]).filter(
    (k) => String(values[k]).trim() !== String(initial[k]).trim(),
  );
  const set = (k: keyof typeof calls) => (v: string | number) => {
    setValues((s) => ({ ...s, [k]: v }));
    setSaved(false);
  };
  const error = Object.values(calls).find((c) => c.error)?.error ?? email.error ?? confirm.error;
  const newMin = numberOrNull(values.min);
  const newMax = numberOrNull(values.max);
  // The API refuses a minimum above the maximum: say so at the field, before anything is sent.
  const limitsReversed = newMin !== null && newMax !== null && newMin > newMax;
  // Raising the minimum above the stored maximum needs the new maximum first; otherwise the minimum goes first.
  const maxFirst = newMin !== null && p.stock_max !== null && newMin > p.stock_max;
  const order = maxFirst ? [...changed].sort((a, b) => (a === 'max' ? -1 : b === 'max' ? 1 : 0)) : changed;

  const save = async () => {
    if (limitsReversed) return;
    setSaving(true);
    try {
      for (const k of order) {
        const v = values[k];
        const text = String(v).trim() || null;
        if (k === 'lead')
          await calls.lead.mutateAsync({ body: { product_id: p.id, lead_time_days: numberOrNull(v) } });
        if (k === 'ship')
          await calls.ship.mutateAsync({ body: { product_id: p.id, ship_time_days: numberOrNull(v) } });
        if (k === 'min')
          await calls.min.mutateAsync({ params: { product_id: p.id }, body: { value: numberOrNull(v) } });
        if (k === 'max')
          await calls.max.mutateAsync({ params: { product_id: p.id }, body: { value: numberOrNull(v) } });
        if (k === 'pick') await calls.pick.mutateAsync({ body: { product_id: p.id, pick_note: text } });
        if (k === 'pack') await calls.pack.mutateAsync({ body: { product_id: p.id, pack_note: text } });
        if (k === 'note') await calls.note.mutateAsync({ body: { product_id: p.id, note: text } });
      }
      setSaved(true);
    } catch {
      // The failed call's error shows in the banner; the fields keep what was typed.
    } finally {
      setSaving(false);
    }
  };

  const days = (k: 'lead' | 'ship') => (
    <NumberInput
      label={t(`card.options.${k}`)}
      value={values[k]}
      onChange={set(k)}
      min={0}
      max={365}
      allowDecimal={false}
      allowNegative={false}
      disabled={!editable}
      suffix={` ${t('card.options.days')}`}
      w={170}
    />
  );
  const limit = (k: 'min' | 'max') => (
    <NumberInput
      label={t(`card.options.${k}`)}
      value={values[k]}
      onChange={set(k)}
      error={k === 'max' && limitsReversed ? t('card.options.maxBelowMin', { min: newMin }) : undefined}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      disabled={!editable}
      w={170}
    />
  );
  const note = (k: 'pick' | 'pack' | 'note') => (
    <Textarea
      label={t(`card.options.${k}`)}
      description={t(`card.options.${k}Hint`)}
      value={String(values[k])}
      onChange={(e) => set(k)(e.currentTarget.value)}
      maxLength={2000}
      rows={3}
      disabled={!editable}
    />
  );

  return (
    <Stack gap="md">
      <ErrorBanner error={error} />
      <Group gap="xl" align="flex-end">
        <Checkbox
          label={t('card.options.ttEmail')}
          checked={p.track_trace_email}
          disabled={!editable || email.isPending}
          onChange={(e) =>
            email.mutate({ body: { product_id: p.id, track_trace_email: e.currentTarget.checked } })
          }
        />
        <NativeSelect
          label={t('card.options.confirmAs')}
          value={p.confirm_as ?? ''}
          disabled={!editable || confirm.isPending}
          onChange={(e) =>
            confirm.mutate({
              body: { product_id: p.id, confirm_as: (e.currentTarget.value || null) as ConfirmAs | null },
            })
          }
          data={[{ value: '', label: t('card.none') }, ...CONFIRM_AS.map((c) => ({ value: c, label: c }))]}
          w={200}
        />
      </Group>
      <ShippingSelectors product={p} editable={editable} />
      <Group gap="md">
        {days('lead')}
        {days('ship')}
        {limit('min')}
        {limit('max')}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {note('pick')}
        {note('pack')}
        {note('note')}
      </SimpleGrid>
      {editable && (
        <Group>
          <Button onClick={save} disabled={changed.length === 0 || limitsReversed} loading={saving}>
            {t('card.options.save')}
          </Button>
          {saved && changed.length === 0 && (
            <Text size="sm" c="green">
              {t('saved')}
            </Text>
          )}
        </Group>
      )}
      <ReturnInstruction id={p.id} text={p.return_instruction} editable={mayInstruct} />
    </Stack>
  );
}

/** A field of the customs panel, by its key in `POST /product/customs/{id}`'s body. */
type CustomsField = 'hs' | 'value' | 'weight_kg';

/**
 * The customs panel's input checked by core's `CustomsBodySchema` (the rules the API applies, spec 3 §7): the body
 * to send, and each field's first refusal as a coded issue (core `zodIssueCode`: e.g. `format_invalid` of an HS code,
 * `out_of_range`, `too_many_decimals`) with the schema's English words as `reason`, for the panel to word in the UI's
 * language; `ok` when the body may be sent.
 */
export function customsErrors(input: { hs: string; value: string | number; weight: string | number }) {
  const body = {
    hs: input.hs.trim() || null,
    value: numberOrNull(input.value),
    weight_kg: numberOrNull(input.weight),
  };
  const parsed = CustomsBodySchema.safeParse(body);
  const errors: Partial<Record<CustomsField, CodedIssue>> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as CustomsField;
      errors[key] ??= { ...zodIssueCode(issue, body), reason: issue.message };
    }
  return { body, errors, ok: parsed.success };
}

/** The label text of each customs field (the panel's inputs), which names the field in its refusal. */
const CUSTOMS_LABELS: Record<CustomsField, string> = {
  hs: 'card.customs.hs',
  value: 'card.customs.value',
  weight_kg: 'card.customs.weight',
};

/** The customs panel (spec 3 §2, §7 `POST /product/customs/{id} {hs, value, weight_kg}`), checked before sending. */
function CustomsPanel({ product: p, editable }: { product: ProductCard; editable: boolean }) {
  const { t, i18n } = useTranslation('stock');
  // Typed and shown in the UI language's notation: '12,50' is € 12,50 in the Dutch UI, not 1250.
  const separators = i18n.resolvedLanguage?.startsWith('nl')
    ? { decimalSeparator: ',', thousandSeparator: '.' }
    : { decimalSeparator: '.', thousandSeparator: ',' };
  const save = useCardChange(p.id, customsEndpoint);
  const [hs, setHs] = useState(p.customs.hs ?? '');
  const [value, setValue] = useState<string | number>(p.customs.value ?? '');
  const [weight, setWeight] = useState<string | number>(p.weight_kg ?? '');
  const [tried, setTried] = useState(false);
  const check = customsErrors({ hs, value, weight });
  /** A field's refusal in the UI's language, named by its label; shown once Save was pressed. */
  const shown = (field: CustomsField) => {
    const issue = tried ? check.errors[field] : undefined;
    return issue
      ? codedReasonText(t, 'common:reasons', VALIDATION_REASON_CODES, issue, {
          values: { field: t(CUSTOMS_LABELS[field]) },
        })
      : undefined;
  };
  const submit = () => {
    setTried(true);
    if (check.ok) save.mutate({ params: { id: p.id }, body: check.body });
  };
  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="md">
        <TextInput
          label={t('card.customs.hs')}
          description={t('card.customs.hsHint')}
          value={hs}
          onChange={(e) => setHs(e.currentTarget.value)}
          error={shown('hs')}
          disabled={!editable}
          maxLength={16}
          w={200}
        />
        <NumberInput
          label={t('card.customs.value')}
          value={value}
          onChange={setValue}
          error={shown('value')}
          disabled={!editable}
          prefix="€ "
          {...separators}
          decimalScale={2}
          fixedDecimalScale
          allowNegative={false}
          w={160}
        />
        <NumberInput
          label={t('card.customs.weight')}
          value={weight}
          onChange={setWeight}
          error={shown('weight_kg')}
          disabled={!editable}
          {...separators}
          decimalScale={3}
          allowNegative={false}
          suffix=" kg"
          w={160}
        />
      </Group>
      <ErrorBanner error={save.error} />
      {editable && (
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            {t('save')}
          </Button>
          {save.isSuccess && (
            <Text size="sm" c="green">
              {t('saved')}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** The stock analysis panel (`GET /stock/analysis/{org_id}/{ean}`): stock against the ledger, per location and reason. */
function AnalysisPanel({ product: p }: { product: ProductCard }) {
  const { t } = useTranslation('stock');
  const a = useStockAnalysis(p.org, p.ean, true);
  if (a.isError) return <ErrorBanner error={a.error} />;
  if (a.isPending) return <PageLoader />;
  const d = a.data;
  return (
    <Stack gap="sm">
      <Group gap="xl">
        <Stat label={t('card.analysis.stock')} value={String(d.stock)} />
        <Stat label={t('card.analysis.ledger')} value={String(d.ledger)} />
        <Stat label={t('card.analysis.difference')} value={String(d.difference)} />
      </Group>
      {d.difference !== 0 && (
        <Alert color="orange" variant="light">
          {t('card.analysis.mismatch')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('location')}</Table.Th>
              <Table.Th ta="right">{t('card.analysis.stock')}</Table.Th>
              <Table.Th ta="right">{t('card.analysis.ledger')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.locations.map((l) => (
              <Table.Tr key={l.location.id}>
                <Table.Td>{l.location.name}</Table.Td>
                <Table.Td ta="right">{l.stock}</Table.Td>
                <Table.Td ta="right" c={l.stock === l.ledger ? undefined : 'orange'}>
                  {l.ledger}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('what')}</Table.Th>
              <Table.Th ta="right">{t('pieces')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.reasons.map((r) => (
              <Table.Tr key={r.reason}>
                <Table.Td>{t(`reason.${r.reason}`, { defaultValue: r.reason })}</Table.Td>
                <Table.Td ta="right">{r.quantity > 0 ? `+${r.quantity}` : r.quantity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
    </Stack>
  );
}

/** The open transfers panel (`GET /product/transfers/open/{product_id}`): pieces marked to move, per location. */
function TransfersPanel({ id }: { id: string }) {
  const { t } = useTranslation('stock');
  const list = useOpenTransfers(id, true);
  if (list.isError) return <ErrorBanner error={list.error} />;
  if (list.isPending) return <PageLoader />;
  if (list.data.items.length === 0) return <Text c="dimmed">{t('card.noTransfers')}</Text>;
  return (
    <Table fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('location')}</Table.Th>
          <Table.Th ta="right">{t('stock')}</Table.Th>
          <Table.Th ta="right">{t('card.toMove')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.data.items.map((tr) => (
          <Table.Tr key={tr.id}>
            <Table.Td>{tr.location.name}</Table.Td>
            <Table.Td ta="right">{tr.stock}</Table.Td>
            <Table.Td ta="right">{tr.quantity}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Linked child products (spec 3 §2, §7 `GET /product/link/{p1}/{p2}`, `GET /product/unlink/{parent}/{child}`): the
 * children with their stock, unlink per child, and linking another product of the shop found by name or EAN.
 */
function ChildrenPanel({ product: p, editable }: { product: ProductCard; editable: boolean }) {
  const { t } = useTranslation('stock');
  const links = useChildLinks(p.id);
  const [text, setText] = useState('');
  const search = useProductSearch(text);
  const candidates = (search.data ?? []).filter(
    (c) => c.id !== p.id && !p.children.some((k) => k.id === c.id) && c.parent !== p.ean,
  );
  return (
    <Stack gap="sm">
      <ErrorBanner error={links.link.error ?? links.unlink.error} />
      {p.parent_product && (
        <Text size="sm">
          {t('card.children.isChild')}{' '}
          <Anchor component={Link} to={pathTo('product', { id: p.parent_product.id })}>
            {p.parent_product.name}
          </Anchor>
        </Text>
      )}
      {p.children.length === 0 ? (
        <Text c="dimmed">{t('card.children.none')}</Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} aria-label={t('card.panel.children')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('card.children.name')}</Table.Th>
              <Table.Th>{t('card.ean')}</Table.Th>
              <Table.Th ta="right">{t('stock')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.children.map((c) => (
              <Table.Tr key={c.id} aria-label={c.name}>
                <Table.Td>
                  <Anchor component={Link} to={pathTo('product', { id: c.id })}>
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ff="monospace">{c.ean}</Table.Td>
                <Table.Td ta="right">{c.sf_stock}</Table.Td>
                <Table.Td ta="right">
                  {editable && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      loading={links.unlink.isPending && links.unlink.variables === c.id}
                      onClick={() => links.unlink.mutate(c.id)}
                    >
                      {t('card.children.unlink')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editable && !p.parent_product && (
        <Stack gap={4}>
          <TextInput
            label={t('card.children.add')}
            description={t('card.children.addHint')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={20}
            w={320}
          />
          {candidates.slice(0, 8).map((c) => (
            <Group key={c.id} gap="sm">
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => links.link.mutate(c.id, { onSuccess: () => setText('') })}
                aria-label={t('card.children.linkName', { name: c.name })}
              >
                {t('card.children.link')}
              </Button>
              <Text size="sm">
                {c.name}{' '}
                <Text span ff="monospace" c="dimmed">
                  {c.ean}
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
