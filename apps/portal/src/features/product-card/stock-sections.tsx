import {
  assignLocationByNameEndpoint,
  canCall,
  clearLocationEndpoint,
  correctStockEndpoint,
  eanLabelEndpoint,
  formatDateTime,
  isProblem,
  type LabelFormat,
  LOCATION_NOT_EMPTY_TEXT,
  LOCATION_NOT_EMPTY_TITLE,
  type LocationHolder,
  locationHolders,
  type ProductCard,
  type ProductLocationLink,
  productBundleEndpoint,
  productHistoryEndpoint,
  productOpenTransfersEndpoint,
  recountEndpoint,
  returnInstructionEndpoint,
  stockUpdateEndpoint,
  switchLocationEndpoint,
  transferEndpoint,
} from '@hoppa/core';
import { locationTypeName } from '@hoppa/web';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../app/paths.ts';
import { roleInForce, useSession } from '../../app/session.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { useProductBundle } from '../../components/product-panels/api.ts';
import {
  useLocationActions,
  usePrintEanLabels,
  useProductHistory,
  useProductLocations,
  useSaveReturnInstruction,
} from './api/product-locations.ts';
import { HeldLocation, reservedRefusal } from './held-location.tsx';
import { ledgerNote } from './stock-history.rules.ts';

const HISTORY_ROWS = 50;

/** What the user's role may do with a product's stock (spec 3 §6: each panel needs its call). */
export function useStockPermissions() {
  const { user, orgAuth } = useSession();
  const role = roleInForce(user, orgAuth);
  return {
    edit: canCall(role, stockUpdateEndpoint),
    add: canCall(role, assignLocationByNameEndpoint),
    clear: canCall(role, clearLocationEndpoint),
    move: canCall(role, transferEndpoint) && canCall(role, switchLocationEndpoint),
    recount: canCall(role, recountEndpoint),
    correct: canCall(role, correctStockEndpoint),
    instruct: canCall(role, returnInstructionEndpoint),
    labels: canCall(role, eanLabelEndpoint),
    history: canCall(role, productHistoryEndpoint),
    transfers: canCall(role, productOpenTransfersEndpoint),
    bundle: canCall(role, productBundleEndpoint),
  };
}

/**
 * A product's locations (spec 2 §2 Product location widget, §6 Location editor): add a location by scanning its label
 * or typing its name (Enter adds it with 0 pieces, Escape clears the field); per location the stock (saved on change,
 * refused when someone changed it meanwhile), move pieces to another location, mark pieces to move later, up/down in
 * the product's order, delete (refused with the spec's popup while it holds stock). Read-only where the role may not
 * change stock.
 */
export function LocationsSection({ id }: { id: string }) {
  const { t } = useTranslation('stock');
  const may = useStockPermissions();
  const data = useProductLocations(id);
  const actions = useLocationActions(id);
  const [scan, setScan] = useState('');
  const [notEmpty, setNotEmpty] = useState(false);
  // The location just refused because other products hold it (405 `location_held`), with its holders; `move` when a
  // move of pieces there was refused rather than adding it.
  const [held, setHeld] = useState<{
    name: string;
    holders: LocationHolder[];
    move?: { linkId: string; quantity?: number };
  } | null>(null);
  const [transferFor, setTransferFor] = useState<ProductLocationLink | null>(null);

  if (data.isError) return <ErrorBanner error={data.error} />;
  if (data.isPending) return <PageLoader />;
  const { locations } = data.data;
  const addHeld = isProblem(actions.add.error, assignLocationByNameEndpoint, 'location_held');
  // A refused move shows the held notice instead (the move's dialog closes).
  const transferError = isProblem(actions.transfer.error, transferEndpoint, 'location_held')
    ? null
    : actions.transfer.error;
  const failed =
    (addHeld ? null : actions.add.error) ??
    actions.setStock.error ??
    transferError ??
    actions.move.error ??
    actions.markTransfer.error;

  const addScanned = () => {
    const name = scan.trim();
    if (!name) return;
    setHeld(null);
    actions.add.mutate(
      { name },
      {
        onSuccess: () => setScan(''),
        onError: (e) => {
          if (isProblem(e, assignLocationByNameEndpoint, 'location_held'))
            setHeld({ name, holders: locationHolders(e.body.issues) });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('locations')}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('locations')}
        </Title>
        {/* A bin the check-in's location finder reserved for another product (409 `location_reserved`). */}
        <ErrorBanner error={failed} messages={{ location_reserved: reservedRefusal(failed, t) }} />
        {may.add && (
          <TextInput
            label={t('addLocation')}
            description={t('addLocationHint')}
            placeholder="A-01-03"
            value={scan}
            onChange={(e) => setScan(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') addScanned();
              if (e.key === 'Escape') setScan('');
            }}
            maxLength={64}
            w={320}
          />
        )}
        {held ? (
          <HeldLocation
            key={held.name}
            productId={id}
            productName={data.data.product.name}
            location={held.name}
            holders={held.holders}
            mayClear={may.clear}
            {...(held.move ? { move: held.move } : {})}
            onDone={() => {
              setHeld(null);
              if (held.move) actions.transfer.reset();
              else {
                actions.add.reset();
                setScan('');
              }
            }}
          />
        ) : null}
        {locations.length === 0 ? (
          <Text c="dimmed">{t('noLocations')}</Text>
        ) : (
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('location')}</Table.Th>
                <Table.Th ta="right">{t('stock')}</Table.Th>
                <Table.Th>{t('transferState')}</Table.Th>
                <Table.Th aria-label={t('actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {locations.map((l, i) => (
                <Table.Tr key={l.id} aria-label={l.location.name}>
                  <Table.Td>
                    <Text fw={600}>{l.location.name}</Text>
                    <Text size="xs" c="dimmed">
                      {[
                        l.location.parent_name,
                        l.location.type ? locationTypeName(t, l.location.type) : null,
                        i === 0 ? t('first') : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    {l.shelf_problem ? (
                      // An open shelf report (migration 0464): the place waits for a count; a count here closes it.
                      <Badge
                        color="orange"
                        variant="light"
                        mt={4}
                        title={t('shelfProblemHint')}
                        data-testid="location-shelf-problem"
                      >
                        {t(`shelfProblem_${l.shelf_problem.kind}`, {
                          at: formatDateTime(l.shelf_problem.reported_at),
                        })}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">
                    {may.edit ? (
                      <StockField
                        link={l}
                        onSave={(amount) =>
                          actions.setStock.mutate({ linkId: l.id, amount, expected: l.stock })
                        }
                      />
                    ) : (
                      l.stock
                    )}
                  </Table.Td>
                  <Table.Td>
                    {l.to_transfer ? (
                      <Group gap={6}>
                        <Badge color="grape" variant="light">
                          {t('toMove', { count: l.transfer_quantity ?? l.stock })}
                        </Badge>
                        {may.move && (
                          <Anchor
                            component="button"
                            size="xs"
                            onClick={() => actions.cancelTransfer.mutate({ linkId: l.id })}
                          >
                            {t('cancelMove')}
                          </Anchor>
                        )}
                      </Group>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {may.move && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('up', { name: l.location.name })}
                          disabled={i === 0}
                          onClick={() =>
                            actions.move.mutate({ from: l.id, to: locations[i - 1]?.id ?? l.id })
                          }
                        >
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('down', { name: l.location.name })}
                          disabled={i === locations.length - 1}
                          onClick={() =>
                            actions.move.mutate({ from: l.id, to: locations[i + 1]?.id ?? l.id })
                          }
                        >
                          ↓
                        </ActionIcon>
                        <Button size="compact-xs" variant="default" onClick={() => setTransferFor(l)}>
                          {t('transfer')}
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() =>
                            actions.clear.mutate(
                              { linkId: l.id, locationId: l.location.id },
                              {
                                onError: (e) =>
                                  setNotEmpty(isProblem(e, clearLocationEndpoint, 'location_not_empty')),
                              },
                            )
                          }
                        >
                          {t('delete')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Modal opened={notEmpty} onClose={() => setNotEmpty(false)} title={LOCATION_NOT_EMPTY_TITLE} centered>
        <Stack>
          <Text>{LOCATION_NOT_EMPTY_TEXT}</Text>
          <Button onClick={() => setNotEmpty(false)}>{t('ok')}</Button>
        </Stack>
      </Modal>
      <TransferModal
        link={transferFor}
        onClose={() => setTransferFor(null)}
        move={(to, quantity) =>
          transferFor &&
          actions.transfer.mutate(
            { linkId: transferFor.id, to, quantity },
            {
              onSuccess: () => setTransferFor(null),
              onError: (e) => {
                if (!isProblem(e, transferEndpoint, 'location_held')) return;
                setTransferFor(null);
                setHeld({
                  name: to,
                  holders: locationHolders(e.body.issues),
                  move: { linkId: transferFor.id, quantity },
                });
              },
            },
          )
        }
        mark={(quantity) =>
          transferFor &&
          actions.markTransfer.mutate(
            { linkId: transferFor.id, quantity },
            { onSuccess: () => setTransferFor(null) },
          )
        }
        error={transferError ?? actions.markTransfer.error}
      />
    </Paper>
  );
}

/**
 * The recount flag and a stock correction through the ledger (spec 3 §2 Recount panel, §5 Stock correction; spec 2
 * §5): the amount is the product's total; the answer replaces the cached locations. A bundle (`GET
 * /product/bundle/{id}`, the bundle panel's read) gets no correction field, which `POST /correct_stock/` would refuse
 * (400: its stock is what its parts make, migration 0445): a text says to count its parts instead, with a link to each
 * part's card. While that read is under way the field waits; a role without the read keeps the field.
 */
export function RecountSection({ id, product }: { id: string; product: ProductCard }) {
  const { i18n } = useTranslation('stock');
  const may = useStockPermissions();
  const actions = useLocationActions(id);
  const bundle = useProductBundle(id, may.bundle && may.correct);
  const lang = i18n.resolvedLanguage?.startsWith('nl') ? 'nl' : 'en';
  const parts = bundle.data?.is_bundle ? bundle.data.parts : null;
  const known = !(may.bundle && may.correct) || bundle.isError || bundle.data !== undefined;
  return (
    <RecountPanel
      needsRecount={product.needs_recount}
      stock={product.sf_stock}
      mayFlag={may.recount}
      mayCorrect={may.correct && known}
      bundleParts={may.correct ? parts : null}
      flag={(v) => actions.recount.mutate(v)}
      correct={(amount, reason, done) =>
        actions.correct.mutate(
          { orgId: product.org, ean: product.ean, amount, reason, language: lang },
          {
            onSuccess: (r) => {
              notifications.show({ color: 'green', message: r.message });
              done();
            },
          },
        )
      }
      error={actions.correct.error ?? actions.recount.error}
    />
  );
}

/** The product's stock ledger, newest first (spec 3 §2 Location history panel; spec 2 §6). */
export function HistorySection({ id }: { id: string }) {
  const { t } = useTranslation('stock');
  const history = useProductHistory(id, HISTORY_ROWS);
  if (history.isError) return <ErrorBanner error={history.error} />;
  if (history.isPending) return <PageLoader />;
  if (history.data.mutations.length === 0) return <Text c="dimmed">{t('card.noHistory')}</Text>;
  return (
    <Table verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('when')}</Table.Th>
          <Table.Th>{t('what')}</Table.Th>
          <Table.Th>{t('location')}</Table.Th>
          <Table.Th ta="right">{t('pieces')}</Table.Th>
          <Table.Th>{t('who')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.mutations.map((m) => {
          const note = ledgerNote(t, m.note);
          return (
            <Table.Tr key={m.id}>
              <Table.Td>{formatDateTime(m.created_at)}</Table.Td>
              <Table.Td>
                {t(`reason.${m.reason}`)}
                {m.order ? ` · ${m.order.order_id}` : ''}
                {note ? ` · ${note}` : ''}
              </Table.Td>
              <Table.Td>{m.location?.name ?? ''}</Table.Td>
              <Table.Td ta="right" c={m.quantity < 0 ? 'red' : undefined}>
                {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
              </Table.Td>
              <Table.Td>{m.user ? `${m.user.first_name} ${m.user.family_name}` : ''}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Prints EAN labels of the product (spec 3 §7 `POST /product/label/{ean}/{amount}`): how many, which size. */
export function EanLabels({ ean, orgId }: { ean: string; orgId: string }) {
  const { t } = useTranslation('stock');
  const print = usePrintEanLabels(ean, orgId);
  const [amount, setAmount] = useState<string | number>(1);
  const [format, setFormat] = useState<LabelFormat>('a6');
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end">
        <NumberInput
          label={t('eanLabels.amount')}
          min={1}
          max={500}
          w={110}
          value={amount}
          onChange={setAmount}
          allowDecimal={false}
        />
        <NativeSelect
          label={t('eanLabels.format')}
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as LabelFormat)}
          data={[
            { value: 'a6', label: 'A6' },
            { value: '62mm', label: '62 mm' },
          ]}
        />
        <Button
          variant="default"
          loading={print.isPending}
          disabled={!(Number(amount) >= 1 && Number(amount) <= 500)}
          onClick={() => print.mutate({ amount: Number(amount), format })}
        >
          {t('eanLabels.print')}
        </Button>
      </Group>
      <ErrorBanner error={print.error} />
    </Stack>
  );
}

/**
 * The product's return instruction (spec 3 §2 product options; issue 12): what the returns desk does with a returned
 * piece, shown on every return item of this product at the desk. Editable by whoever may set it, read-only otherwise.
 */
export function ReturnInstruction({
  id,
  text,
  editable,
}: {
  id: string;
  text: string | null;
  editable: boolean;
}) {
  const { t } = useTranslation('stock');
  const save = useSaveReturnInstruction(id);
  const [value, setValue] = useState(text ?? '');
  const changed = value.trim() !== (text ?? '');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('returnInstruction')}>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('returnInstruction')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('returnInstructionHint')}
        </Text>
        {editable ? (
          <>
            <Textarea
              aria-label={t('returnInstruction')}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              maxLength={2000}
              rows={3}
            />
            <ErrorBanner error={save.error} />
            <Group>
              <Button disabled={!changed} loading={save.isPending} onClick={() => save.mutate(value)}>
                {t('save')}
              </Button>
              {save.isSuccess && !changed && (
                <Text size="sm" c="green">
                  {t('saved')}
                </Text>
              )}
            </Group>
          </>
        ) : (
          <Text>{text ?? t('noReturnInstruction')}</Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The stock of one location, saved when the field loses focus or on Enter (with the amount it replaced). */
function StockField({ link, onSave }: { link: ProductLocationLink; onSave: (amount: number) => void }) {
  const { t } = useTranslation('stock');
  const [value, setValue] = useState<string | number>(link.stock);
  const [shown, setShown] = useState(link.stock);
  if (shown !== link.stock) {
    setShown(link.stock);
    setValue(link.stock);
  }
  const save = () => {
    const n = Number(value);
    if (Number.isInteger(n) && n >= 0 && n !== link.stock) onSave(n);
    else setValue(link.stock);
  };
  return (
    <NumberInput
      aria-label={t('stockOf', { name: link.location.name })}
      value={value}
      onChange={setValue}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
      }}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      size="xs"
      w={90}
      ml="auto"
    />
  );
}

/** Move pieces now (scan or type the new location) or mark them to move later (an open transfer). */
function TransferModal({
  link,
  onClose,
  move,
  mark,
  error,
}: {
  link: ProductLocationLink | null;
  onClose: () => void;
  move: (to: string, quantity: number) => void;
  mark: (quantity: number) => void;
  error: unknown;
}) {
  const { t } = useTranslation('stock');
  const [to, setTo] = useState('');
  const [quantity, setQuantity] = useState<string | number>('');
  const n = Number(quantity) || link?.stock || 0;
  return (
    <Modal
      opened={link !== null}
      onClose={onClose}
      title={t('transferTitle', { name: link?.location.name ?? '' })}
      centered
    >
      <Stack>
        <ErrorBanner error={error} messages={{ location_reserved: reservedRefusal(error, t) }} />
        <NumberInput
          label={t('quantity')}
          description={t('quantityHint', { count: link?.stock ?? 0 })}
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={link?.stock ?? undefined}
          allowDecimal={false}
        />
        <TextInput
          label={t('newLocation')}
          placeholder="A-02-10"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && to.trim()) move(to.trim(), n);
          }}
          data-autofocus
        />
        <Group justify="space-between">
          <Button variant="default" onClick={() => mark(n)} disabled={n < 1}>
            {t('markMove')}
          </Button>
          <Button onClick={() => move(to.trim(), n)} disabled={!to.trim() || n < 1}>
            {t('moveNow')}
          </Button>
        </Group>
        {/* The marked transfer (POST /product/new_transfer/ass) takes no destination: say so rather than drop it. */}
        {to.trim() ? (
          <Text size="sm" c="dimmed">
            {t('markMoveNoDestination')}
          </Text>
        ) : null}
      </Stack>
    </Modal>
  );
}

/** The recount flag and a stock correction with a reason (spec 2 §5 Stock correction, spec 3 §2 Recount panel). */
function RecountPanel({
  needsRecount,
  stock,
  mayFlag,
  mayCorrect,
  bundleParts,
  flag,
  correct,
  error,
}: {
  needsRecount: boolean;
  stock: number;
  mayFlag: boolean;
  mayCorrect: boolean;
  /** The parts when the product is a bundle: no correction field, a text to count the parts instead. */
  bundleParts: readonly { product_id: string; name: string; ean: string }[] | null;
  flag: (v: boolean) => void;
  /** Sends the correction; `done` runs once it is saved (the form is emptied). */
  correct: (amount: number, reason: string, done: () => void) => void;
  error: unknown;
}) {
  const { t } = useTranslation('stock');
  const [amount, setAmount] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const n = Number(amount);
  const valid = amount !== '' && Number.isInteger(n) && n >= 0 && reason.trim() !== '';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('recount')}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('recount')}
        </Title>
        <ErrorBanner error={error} />
        {mayFlag && (
          <Switch
            label={t('recountFlag')}
            checked={needsRecount}
            onChange={(e) => flag(e.currentTarget.checked)}
          />
        )}
        {bundleParts ? (
          <Stack gap={4} data-testid="bundle-recount">
            <Text size="sm">{t('bundleRecount')}</Text>
            {bundleParts.length > 0 && (
              <List size="sm" spacing={2} aria-label={t('bundleRecountParts')}>
                {bundleParts.map((p) => (
                  <List.Item key={p.product_id}>
                    <Anchor component={Link} to={pathTo('product', { id: p.product_id })} size="sm">
                      {p.name}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      {p.ean}
                    </Text>
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        ) : (
          mayCorrect && (
            <Group align="flex-end" gap="sm">
              <TextInput label={t('currentStock')} value={String(stock)} readOnly w={110} />
              <NumberInput
                label={t('counted')}
                value={amount}
                onChange={setAmount}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                w={120}
              />
              <TextInput
                label={t('reasonLabel')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                maxLength={500}
                w={280}
              />
              <Button
                disabled={!valid}
                onClick={() =>
                  correct(n, reason.trim(), () => {
                    setAmount('');
                    setReason('');
                  })
                }
              >
                {t('correct')}
              </Button>
            </Group>
          )
        )}
        {!valid && amount !== '' && reason.trim() === '' && (
          <Alert color="gray" variant="light" py={4}>
            {t('reasonNeeded')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
