import { type AdminOrder, ApiError, formatDate, formatDateTime } from '@hoppa/core';
import { orderPlatformName } from '@hoppa/web';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorBanner, MutationError } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUrlState } from '../../lib/url-state.ts';
import { useDeleteOrder, useSearchOrder } from './api/admin-api.ts';

const SearchUrlState = z.object({ q: z.string().max(64).default('') });

/** Whether an error is the API's 404 (no order of that number). */
const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

/** One found order (spec 3 §3 Order (admin view)) with its delete button and the warning popup. */
function OrderCard({ order }: { order: AdminOrder }): ReactNode {
  const { t } = useTranslation('admin');
  const del = useDeleteOrder();
  const [asking, setAsking] = useState(false);
  const d = order.shipmentDetails;
  const deletable = !order.deleted_at && order.status !== 'shipped';
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Text fw={700} size="lg">
              {order.orderId}
            </Text>
            <Text size="sm" c="dimmed">
              {order.org_name} · {orderPlatformName(t, order.platform)}
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge
              color={order.deleted_at ? 'red' : order.status === 'open' ? 'blue' : 'gray'}
              variant="light"
            >
              {order.deleted_at ? t('search.deletedBadge') : t(`search.statuses.${order.status}`)}
            </Badge>
            {deletable ? (
              <Button color="red" variant="light" onClick={() => setAsking(true)}>
                {t('search.delete')}
              </Button>
            ) : null}
          </Group>
        </Group>
        {order.deleted_at ? (
          <Alert color="red">
            {t('search.deleted', { when: formatDateTime(order.deleted_at), who: order.deleted_by ?? '' })}
          </Alert>
        ) : order.status === 'shipped' ? (
          <Text size="sm" c="dimmed">
            {t('search.shippedNoDelete')}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('search.placed')}
            </Text>
            <Text size="sm">{formatDateTime(order.orderPlacedDateTime)}</Text>
            <Text size="xs" c="dimmed" mt="xs">
              {t('search.latestDelivery')}
            </Text>
            <Text size="sm">
              {order.latestDeliveryDate ? formatDate(order.latestDeliveryDate) : t('common.none')}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('search.recipient')}
            </Text>
            <Text size="sm">
              {d.firstName} {d.surname}
            </Text>
            <Text size="sm">
              {d.streetName} {d.houseNumber}
            </Text>
            <Text size="sm">
              {d.zipCode} {d.city} {d.countryCode}
            </Text>
            <Text size="sm" c="dimmed">
              {d.email}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('search.trackTrace')}
            </Text>
            <Text size="sm" ff="monospace">
              {order.track_trace ?? t('common.none')}
            </Text>
            {order.notes_text ? (
              <>
                <Text size="xs" c="dimmed" mt="xs">
                  {t('search.note')}
                </Text>
                <Text size="sm" c={order.notes_color ?? undefined}>
                  {order.notes_text}
                </Text>
              </>
            ) : null}
          </Stack>
        </SimpleGrid>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('search.products')}</Table.Th>
              <Table.Th>EAN</Table.Th>
              <Table.Th>{t('search.pickedHeader')}</Table.Th>
              <Table.Th>{t('search.locations')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.products.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.title}</Table.Td>
                <Table.Td ff="monospace">{p.ean}</Table.Td>
                <Table.Td>{t('search.picked', { picked: p.picked_quantity, quantity: p.quantity })}</Table.Td>
                <Table.Td>{p.locations.join(', ') || t('common.none')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('search.deleteTitle', { orderId: order.orderId })}
      >
        <Stack gap="sm">
          <Alert color="red" title={t('search.warning')}>
            <Stack gap={4}>
              <Text size="sm">{t('search.warningText')}</Text>
              <Text size="sm" fw={600}>
                {order.picked_pieces > 0
                  ? t('search.warningPicked', { count: order.picked_pieces })
                  : t('search.warningNothingPicked')}
              </Text>
            </Stack>
          </Alert>
          <MutationError mutation={del} serverMessageFor={[409]} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={del.isPending}
              onClick={() =>
                del.mutate(
                  { id: order._id, orgId: order.org_id },
                  {
                    onSuccess: (r) => {
                      setAsking(false);
                      notifications.show({
                        color: 'green',
                        title: t('search.deletedToast', { orderId: order.orderId }),
                        message: (
                          <List size="sm">
                            {r.returned.map((x) => (
                              <List.Item key={`${x.ean}-${x.location}`}>{t('search.returned', x)}</List.Item>
                            ))}
                          </List>
                        ),
                      });
                    },
                  },
                )
              }
            >
              {t('search.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/**
 * /admin/search_order (spec 3 §2 Search order: find an order by id; delete with a warning popup 'this cannot be
 * undone' with cancel or confirm; §7 `GET`/`DELETE /orders/searchOrderId/{orderId}`; ADR 0053). Shown to is_admin
 * users only (spec 3 §6).
 */
export function SearchOrderPage(): ReactNode {
  const { t } = useTranslation('admin');
  const [state, update] = useUrlState(SearchUrlState);
  const [text, setText] = useState(state.q);
  const found = useSearchOrder(state.q);
  return (
    <Stack gap="md" maw={1000}>
      <PageHeader title={t('search.title')} description={t('search.description')} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: text.trim() });
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('search.label')}
            value={text}
            maxLength={64}
            onChange={(e) => setText(e.currentTarget.value)}
            autoFocus
          />
          <Button type="submit">{t('search.find')}</Button>
        </Group>
      </form>
      {state.q === '' ? null : found.isError ? (
        isNotFound(found.error) ? (
          <Text c="dimmed">{t('search.notFound')}</Text>
        ) : (
          <ErrorBanner error={found.error} />
        )
      ) : found.data ? (
        found.data.map((o) => <OrderCard key={o._id} order={o} />)
      ) : null}
    </Stack>
  );
}
