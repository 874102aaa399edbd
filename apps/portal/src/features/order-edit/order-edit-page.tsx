import { EDIT_SEARCH_DEBOUNCE_MS, EDIT_SEARCH_MIN, isBolPlatform, type Order } from '@hoppa/core';
import { orderPlatformName } from '@hoppa/web';
import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { ErrorBanner, QueryState } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useEditOrder, useEditProductSearch, useOrderToEdit } from './api/edit-order.ts';
import {
  addProduct,
  EDIT_COUNTRIES,
  type EditAddress,
  type EditLine,
  editBlocked,
  editBody,
  editTitle,
  firstEditProblem,
  formFromOrder,
} from './order-edit.rules.ts';

/**
 * Edit order (/order/edit/:id; spec 1 §2 Edit order, §5): the address fields, the product lines with a remove button
 * each (a picked line cannot be removed: ADR 0041; a line with a cancellation request of its customer is dimmed and
 * badged as on the order card, keeps its quantity and stays, under a red notice why and where to accept it: ADR 0128)
 * and a product search to add (from 3 characters, 500 ms debounce,
 * 10 results); Save sends `PUT /order/edit/{id}` and goes to /shipments (spec 1 §7). Shipped, cancelled and
 * provider-fulfilled orders show why they cannot be edited.
 */
export function OrderEditPage() {
  const { id = '' } = useParams();
  const query = useOrderToEdit(id);
  return <QueryState query={query}>{(order) => <EditForm key={order.id} order={order} />}</QueryState>;
}

/** The product and EAN cells of a line with a cancellation request are dimmed, as on the order card. */
const dim = (l: EditLine) => (l.cancellation ? { opacity: 0.5 } : undefined);

function EditForm({ order }: { order: Order }) {
  const { t } = useTranslation('orderEdit');
  const navigate = useNavigate();
  const initial = formFromOrder(order);
  const [address, setAddress] = useState<EditAddress>(initial.address);
  const [lines, setLines] = useState<EditLine[]>(initial.lines);
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, EDIT_SEARCH_DEBOUNCE_MS);
  const found = useEditProductSearch(order.id, debounced);
  const save = useEditOrder(order.id);
  const blocked = editBlocked(order);
  const requested = lines.filter((l) => l.cancellation === 'requested').length;
  /** Why a line with a cancellation request keeps its quantity and stays; undefined for other lines. */
  const kept = (l: EditLine) =>
    l.cancellation === 'cancelled' ? t('keepCancelled') : l.cancellation ? t('keepRequested') : undefined;
  const [problem, setProblem] = useState<string | null>(null);
  const field = (key: keyof EditAddress, label: string, required = true) => (
    <TextInput
      label={label}
      required={required}
      value={address[key]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setAddress((a) => ({ ...a, [key]: value }));
      }}
    />
  );

  return (
    <Stack gap="md">
      <Anchor component={Link} to={PATHS.orders} size="sm">
        ← {t('back')}
      </Anchor>
      <PageHeader
        title={t('title', { order: order.orderId })}
        description={`${order.org_name} · ${orderPlatformName(t, order.platform)}`}
      />
      {(order.automations?.length ?? 0) > 0 && (
        <Alert color="violet" variant="light" title={t('automationsTitle')}>
          <Stack gap={2}>
            {order.automations?.map((a) => (
              <Text size="sm" key={`${a.at}-${a.description}`}>
                {a.description}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {requested > 0 && (
        <Alert color="red" title={t('cancellation.title')} data-testid="edit-cancellation-request">
          <Stack gap={4}>
            <Text size="sm">
              {isBolPlatform(order.platform)
                ? t('cancellation.bol', { count: requested })
                : t('cancellation.shop', { count: requested })}
            </Text>
            {!blocked && <Text size="sm">{t('cancellation.keep')}</Text>}
          </Stack>
        </Alert>
      )}
      {blocked && (
        <Alert color="orange" title={t('blockedTitle')}>
          {t(`blocked.${blocked}`)}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const first = firstEditProblem(address, lines);
          setProblem(first ? t(`messages.${first}`) : null);
          if (first) return;
          save.mutate(editBody(address, lines), { onSuccess: () => navigate(PATHS.shipments) });
        }}
      >
        <fieldset disabled={!!blocked} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="md" mb="sm">
                {t('address')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
                {field('firstName', t('firstName'))}
                {field('surname', t('surname'))}
                {field('email', t('email'), false)}
                {field('streetName', t('street'))}
                {field('houseNumber', t('houseNumber'))}
                {field('houseNumberExtension', t('addition'), false)}
                {field('zipCode', t('postcode'))}
                {field('city', t('city'))}
                <Select
                  label={t('country')}
                  required
                  data={EDIT_COUNTRIES.map((c) => ({ value: c, label: c }))}
                  value={address.countryCode || null}
                  onChange={(v) => setAddress((a) => ({ ...a, countryCode: v ?? '' }))}
                  allowDeselect={false}
                />
              </SimpleGrid>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="md" mb="sm">
                {t('products')}
              </Title>
              <Table aria-label={t('products')} verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('product')}</Table.Th>
                    <Table.Th>{t('ean')}</Table.Th>
                    <Table.Th w={130}>{t('quantity')}</Table.Th>
                    <Table.Th w={60} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((l) => (
                    <Table.Tr
                      key={l.key}
                      // As on the order card (spec 1 §4): a line the customer asked to cancel is inactive, dimmed and
                      // said to assistive technology; it keeps its quantity and stays (ADR 0128). The locked quantity
                      // is not dimmed twice, so it stays readable.
                      aria-disabled={l.cancellation ? true : undefined}
                    >
                      <Table.Td style={dim(l)}>
                        <Text size="sm" title={l.title}>
                          {editTitle(l.title)}
                        </Text>
                        {l.picked > 0 && (
                          <Text size="xs" c="dimmed">
                            {t('pickedCount', { count: l.picked })}
                          </Text>
                        )}
                        {l.cancellation && (
                          <Badge
                            size="xs"
                            color="red"
                            variant={l.cancellation === 'cancelled' ? 'light' : 'outline'}
                          >
                            {l.cancellation === 'cancelled' ? t('lineCancelled') : t('lineRequested')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ff="monospace" fz="xs" style={dim(l)}>
                        {l.ean}
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('quantityOf', { title: l.title })}
                          size="xs"
                          min={Math.max(1, l.picked)}
                          max={9999}
                          disabled={!!l.cancellation}
                          title={kept(l)}
                          value={l.quantity}
                          onChange={(v) =>
                            setLines((all) =>
                              all.map((x) =>
                                x.key === l.key ? { ...x, quantity: Math.max(1, Number(v) || 1) } : x,
                              ),
                            )
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Tooltip label={kept(l) ?? (l.picked > 0 ? t('cannotRemovePicked') : t('remove'))}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('removeLine', { title: l.title })}
                            disabled={!!l.cancellation || l.picked > 0 || lines.length === 1}
                            onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
                          >
                            ✕
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <TextInput
                mt="md"
                type="search"
                label={t('addProduct')}
                description={t('searchHint', { min: EDIT_SEARCH_MIN })}
                placeholder={t('searchPlaceholder')}
                leftSection={<Icon name="search" size={16} />}
                value={term}
                onChange={(e) => setTerm(e.currentTarget.value)}
                maw={420}
              />
              {term.trim().length >= EDIT_SEARCH_MIN &&
                debounced.trim().length >= EDIT_SEARCH_MIN &&
                found.data && (
                  <Paper withBorder mt={6} maw={520} role="listbox" aria-label={t('results')}>
                    {found.data.items.length === 0 ? (
                      <Text size="sm" c="dimmed" p="sm">
                        {t('noResults')}
                      </Text>
                    ) : (
                      found.data.items.map((p) => (
                        <UnstyledButton
                          key={p.id}
                          role="option"
                          aria-selected={false}
                          w="100%"
                          p={6}
                          onClick={() => {
                            setLines((all) => addProduct(all, p));
                            setTerm('');
                          }}
                        >
                          <Group gap="sm" wrap="nowrap">
                            <Avatar src={p.img_url} alt="" radius="sm" size={28}>
                              {p.name.slice(0, 2)}
                            </Avatar>
                            <div>
                              <Text size="sm">{editTitle(p.name)}</Text>
                              <Text size="xs" c="dimmed" ff="monospace">
                                {p.ean}
                              </Text>
                            </div>
                          </Group>
                        </UnstyledButton>
                      ))
                    )}
                  </Paper>
                )}
              <ErrorBanner error={found.error} />
            </Paper>
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <ErrorBanner
              error={save.error}
              messages={{
                picking_started: t('errors.picking_started'),
                cancellation_requested: t('errors.cancellation_requested'),
                fulfilled_by_provider: t('blocked.provider'),
                order_shipped: t('blocked.shipped'),
                order_cancelled: t('blocked.cancelled'),
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={PATHS.orders}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!!blocked}>
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}
