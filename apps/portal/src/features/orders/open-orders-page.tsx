import type { OpenOrder, Org, ShipmentBox, ShipmentMethod } from '@hoppa/core';
import { ActionIcon, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useDeferredValue, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useScanListener } from '../../lib/use-scan-listener.ts';
import { useOpenOrders } from './api/get-open-orders.ts';
import { useShipmentBoxes, useShipmentMethods } from './api/get-shipment-options.ts';
import { useVisibleOrgs } from './api/get-visible-orgs.ts';
import { DocumentViewerModal } from './components/document-viewer-modal.tsx';
import { OrderBoard } from './components/order-board.tsx';
import { OrderCard } from './components/order-card.tsx';
import { OrderFilters } from './components/order-filters.tsx';
import { PrintSinglesModal, PrintSinglesNotice } from './components/print-singles-modal.tsx';
import { ScanPanel } from './components/scan-panel.tsx';
import { ShipConfirmModal } from './components/ship-confirm-modal.tsx';
import { ordersInListOrder } from './open-orders.rules.ts';
import { useOpenOrdersFilters } from './use-open-orders-filters.ts';
import { useOrderPermissions } from './use-order-permissions.ts';
import { type ShipChoice, usePackStation, useScanNarrowing } from './use-pack-station.ts';

// Stable empties while methods, boxes and organisations load, so the memoised cards and filter bar keep their props.
const NO_METHODS: readonly ShipmentMethod[] = [];
const NO_BOXES: readonly ShipmentBox[] = [];
const NO_ORGS: readonly Org[] = [];

/** The floor app's screens the orders screen links to (spec 1 §2 Open orders list), each with what gates it. */
const FLOOR_LINKS = [
  { key: 'pickList', href: '/floor/pick', icon: 'listCheck', needs: 'pickList' },
  { key: 'orderGrouping', href: '/floor/order-grouping', icon: 'orders', needs: 'pickList' },
  { key: 'returns', href: '/floor/returns', icon: 'inbound', needs: 'returnsDesk' },
] as const;

/**
 * The open orders list and packing station (/orders; spec 1 §2 Open orders list, Order card, §4).
 * Orders come grouped per pick location; the filters live in the URL (use-open-orders-filters.ts). A barcode
 * scanner drives it (use-pack-station.ts, spec 1 §4 Open orders screen barcode scan): the first scan of an EAN
 * selects it and filters the list; the same EAN again ships the first order containing it (through a confirmation
 * when its quantity is above 1 or it has a pack note); a location label filters by picked location. After a
 * scan-ship without confirmation the selection stays, so a run of identical single-item orders ships scan after
 * scan; a confirmed ship clears it, as the spec says. The label opens in an embedded viewer for printing; 'print
 * single orders' on a group header ships its single-line orders at once and opens all their labels there.
 */
export function OpenOrdersPage() {
  const { t, i18n } = useTranslation('orders');
  const allowed = useOrderPermissions();
  const narrowing = useScanNarrowing();
  const { filters, setFilters, filter } = useOpenOrdersFilters({
    selectedEan: narrowing.scanState.selectedEan,
    pickedLocation: narrowing.pickedLocation,
  });
  const list = useOpenOrders(filter);
  const methods = useShipmentMethods();
  const orgs = useVisibleOrgs();
  const boxes = useShipmentBoxes();
  const orders = useMemo(() => ordersInListOrder(list.data), [list.data]);
  // While a new filter's or scan's list loads, the page shows the previous one (keepPreviousData); scans wait for it.
  const station = usePackStation(orders, allowed, narrowing, !list.isPlaceholderData && !list.isPending);
  const locationSuggestions = useMemo(
    () => [...new Set((list.data?.groups ?? []).flatMap((g) => (g.location ? [g.location.name] : [])))],
    [list.data],
  );
  const { paused } = useScanListener(station.scan.onScan);

  // The cards get stable callbacks that call the latest handlers, so a scan's feedback or a
  // shipping flag re-renders the page without re-rendering every order card (OrderCard is memo).
  const latest = useRef(station.shipping);
  latest.current = station.shipping;
  const onCardShip = useCallback(
    (order: OpenOrder, choice: ShipChoice) =>
      void latest.current.ship(order, choice, { clearSelection: false }),
    [],
  );
  const onCardPackingSlip = useCallback((order: OpenOrder) => void latest.current.openPackingSlip(order), []);
  const askSingles = station.singles.ask;
  const onPrintSingles = useCallback(
    (location: string, group: OpenOrder[]) => askSingles({ location, orders: group }),
    [askSingles],
  );
  const methodList = methods.data ?? NO_METHODS;
  const boxList = boxes.data ?? NO_BOXES;
  const { selectedEan, nextToShip } = station.scan;
  const { shippingIds, shipErrors } = station.shipping;
  const renderCard = useCallback(
    (o: OpenOrder) => (
      <OrderCard
        key={o.id}
        order={o}
        methods={methodList}
        boxes={boxList}
        selectedEan={selectedEan}
        nextToShip={o.id === nextToShip}
        shipping={shippingIds.has(o.id)}
        shipError={shipErrors.get(o.id) ?? null}
        onShip={onCardShip}
        onPackingSlip={onCardPackingSlip}
        allowed={allowed}
      />
    ),
    [
      methodList,
      boxList,
      selectedEan,
      nextToShip,
      shippingIds,
      shipErrors,
      onCardShip,
      onCardPackingSlip,
      allowed,
    ],
  );

  const total = list.data?.total ?? 0;
  // Spec 1 §2's pick list, order grouping and returns buttons: those screens are the floor app's (docs/spec-coverage.md),
  // another app on this origin, so a plain link (not the router's) opens them, for a role that may use them.
  const floorLinks = FLOOR_LINKS.filter((l) => allowed[l.needs]);
  // "10 of 79 open orders" when 'Show at most' leaves some of the matching orders off the board.
  const countLine = (data: { total: number; matching: number; matching_capped: boolean }) => {
    if (data.matching <= data.total) return t('count', { count: data.total });
    const counts = { shown: data.total, matching: data.matching.toLocaleString(i18n.language) };
    return data.matching_capped
      ? t('countOfAtLeast', counts)
      : t('countOf', { ...counts, count: data.matching });
  };
  // A new page of orders (a filter, a refresh, a scan narrowing the list) re-renders up to 500 cards: in the
  // background, in slices, so typing and scanning stay responsive meanwhile (issue 8).
  const boardGroups = useDeferredValue(list.data?.groups);
  const { confirm, singles, viewer } = station;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        // The count's line is there from the first render (blank until the list is in), so the scanner panel and the
        // filters do not move down when the list arrives (the layout shift Lighthouse saw on /orders, ADR 0087).
        description={list.data ? countLine(list.data) : '\u00a0'}
        actions={
          <>
            <Button
              variant="default"
              onClick={() => list.refetch()}
              loading={list.isFetching}
              leftSection={<Icon name="clock" size={16} />}
              visibleFrom="sm"
            >
              {t('actions.refresh')}
            </Button>
            {allowed.create ? (
              <Button
                component={Link}
                to={PATHS.newOrder}
                leftSection={<Icon name="plus" size={16} />}
                visibleFrom="sm"
              >
                {t('actions.addOrder')}
              </Button>
            ) : null}
            {allowed.importOrders ? (
              <Button
                component={Link}
                to={PATHS.ordersImport}
                leftSection={<Icon name="inbound" size={16} />}
                visibleFrom="sm"
              >
                {t('actions.import')}
              </Button>
            ) : null}
            {floorLinks.map((l) => (
              <Button
                key={l.key}
                component="a"
                href={l.href}
                variant="default"
                leftSection={<Icon name={l.icon} size={16} />}
                visibleFrom="sm"
              >
                {t(`actions.${l.key}`)}
              </Button>
            ))}
            {/* The mobile menu offers the same actions (spec 1 §2 Open orders list). */}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" hiddenFrom="sm" aria-label={t('actions.menu')}>
                  <Icon name="menu" size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<Icon name="clock" size={16} />} onClick={() => list.refetch()}>
                  {t('actions.refresh')}
                </Menu.Item>
                {allowed.create ? (
                  <Menu.Item
                    component={Link}
                    to={PATHS.newOrder}
                    leftSection={<Icon name="plus" size={16} />}
                  >
                    {t('actions.addOrder')}
                  </Menu.Item>
                ) : null}
                {allowed.importOrders ? (
                  <Menu.Item
                    component={Link}
                    to={PATHS.ordersImport}
                    leftSection={<Icon name="inbound" size={16} />}
                  >
                    {t('actions.import')}
                  </Menu.Item>
                ) : null}
                {floorLinks.map((l) => (
                  <Menu.Item
                    key={l.key}
                    component="a"
                    href={l.href}
                    leftSection={<Icon name={l.icon} size={16} />}
                  >
                    {t(`actions.${l.key}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </>
        }
      />
      <ScanPanel
        canShip={allowed.ship}
        paused={paused}
        feedback={station.scan.feedback}
        selectedEan={selectedEan}
        pickedLocation={station.scan.pickedLocation}
        onClearEan={station.scan.clearEan}
        onClearLocation={station.scan.clearLocation}
      />
      <OrderFilters
        value={filters}
        onChange={setFilters}
        locationSuggestions={locationSuggestions}
        methods={methodList}
        orgs={orgs.data ?? NO_ORGS}
      />
      <ErrorBanner error={viewer.slip.error ?? methods.error ?? boxes.error} />
      <PrintSinglesNotice outcome={singles.outcome} onClose={singles.clearOutcome} />
      {list.isError ? (
        <ErrorBanner error={list.error} />
      ) : list.isPending || methods.isPending || boxes.isPending ? (
        // The cards wait for the shipment methods and boxes as well: arriving after the list, they re-rendered
        // every card a second time (ADR 0070).
        <PageLoader />
      ) : total === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center" data-testid="orders-empty">
          <Text fw={700} c="dimmed" size="lg">
            {t('empty')}
          </Text>
          {/* A scan narrowed the board to nothing (a wrong barcode, ADR 0142): say what it asked and the way back. */}
          {selectedEan || station.scan.pickedLocation ? (
            <Stack gap="xs" align="center" mt="sm">
              {selectedEan ? <Text>{t('emptyScanned.ean', { ean: selectedEan })}</Text> : null}
              {station.scan.pickedLocation ? (
                <Text>{t('emptyScanned.location', { id: station.scan.pickedLocation })}</Text>
              ) : null}
              <Text size="sm" c="dimmed">
                {t('emptyScanned.hint')}
              </Text>
              <Group gap="sm" justify="center">
                {selectedEan ? (
                  <Button variant="default" onClick={station.scan.clearEan}>
                    {t('scan.clearEan')}
                  </Button>
                ) : null}
                {station.scan.pickedLocation ? (
                  <Button variant="default" onClick={station.scan.clearLocation}>
                    {t('scan.clearLocation')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          ) : null}
        </Paper>
      ) : (
        <OrderBoard
          groups={boardGroups ?? list.data.groups}
          renderCard={renderCard}
          onPrintSingles={allowed.shipSingles ? onPrintSingles : undefined}
          printingGroup={singles.printingGroup}
          boxes={boxList}
        />
      )}
      <ShipConfirmModal
        state={confirm.state}
        shipping={confirm.state ? shippingIds.has(confirm.state.order.id) : false}
        onCancel={confirm.cancel}
        onConfirm={confirm.accept}
      />
      <PrintSinglesModal state={singles.state} onCancel={singles.cancel} onConfirm={singles.accept} />
      <DocumentViewerModal
        state={viewer.state}
        onClose={viewer.close}
        onShow={(d) => void viewer.show(d)}
        loadingSlip={viewer.slip.isPending}
      />
    </Stack>
  );
}
