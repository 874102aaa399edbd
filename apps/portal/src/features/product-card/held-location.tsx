import { clearableLink, type LocationHolder, locationReservation, reservedTextOptions } from '@hoppa/core';
import { Alert, Anchor, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../app/paths.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { useClearHeldAndRetry, useHolderLocations } from './api/product-locations.ts';

/**
 * The product card's words for a 409 `location_reserved` of `error` (adding a location, a move or a count): the bin,
 * and the inbound and product it is kept for when the shop is the caller's; for another shop's reservation only that
 * (core `locationReservation`, ADR 0142); the plain text for an answer without those values.
 */
export function reservedRefusal(error: unknown, t: TFunction<'stock'>): string {
  return t('reservedRefused', reservedTextOptions(locationReservation(error)));
}

/**
 * What the product card shows when the location typed or scanned is held by other products (spec 2 §4, spec 3 §4:
 * '202 or 405 means other products hold the location (offer to clear)'; ADR 0118 decision 3). Names each holder by
 * name, EAN and its pieces there (read with `GET /product/locations/:id`). When every holder lies there with 0 pieces
 * and no open transfer and the role may clear, it offers to clear them and add the location in one step, after a
 * confirmation that says no stock is moved or removed (the clear call takes only empty products off, spec 2 §2);
 * a holder with pieces is refused with what to do instead (move or count its pieces off, a link to its card). The
 * same notice answers a refused move (`move`: `POST /product/transfer/{id}` onto a held location): clearing then sends
 * the move again instead of adding the location.
 */
export function HeldLocation({
  productId,
  productName,
  location,
  holders,
  mayClear,
  move,
  onDone,
}: {
  productId: string;
  productName: string;
  /** The location's name as typed or scanned. */
  location: string;
  holders: LocationHolder[];
  /** The role may call `DELETE /locations/clear/…`. */
  mayClear: boolean;
  /** The refused call was a move of this link's pieces (`quantity`, else all) to the location, not an assignment. */
  move?: { linkId: string; quantity?: number };
  /** Closes the notice: after the location was added, or when the user closes it. */
  onDone(): void;
}) {
  const { t } = useTranslation('stock');
  const reads = useHolderLocations(holders.map((h) => h.product_id));
  const clearAndAdd = useClearHeldAndRetry(productId);
  // The texts that name what happens after clearing: the location is added, or the pieces are moved there.
  const then = move ? 'held.move.' : 'held.';
  const [confirming, setConfirming] = useState(false);
  const failed = reads.find((r) => r.isError)?.error;
  const loading = reads.some((r) => r.isPending);
  const rows = holders.flatMap((h, i) => {
    const data = reads[i]?.data;
    const link = data?.locations.find((l) => l.id === h.location_product_id);
    return data && link ? [{ ...h, product: data.product, link }] : [];
  });
  // A holder whose link is gone meanwhile no longer holds the location: only the ones read here count.
  const blocked = rows.filter((r) => !clearableLink(r.link));
  const names = rows.map((r) => r.product.name).join(', ');

  return (
    <Alert
      color="orange"
      variant="light"
      title={t('held.title', { location })}
      withCloseButton
      closeButtonLabel={t('held.close')}
      onClose={onDone}
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">{t('held.intro', { location })}</Text>
        {loading ? <Loader size="sm" aria-label={t('held.loading')} /> : null}
        <ErrorBanner
          error={failed ?? clearAndAdd.error}
          messages={{ location_reserved: reservedRefusal(failed ?? clearAndAdd.error, t) }}
        />
        <List size="sm" spacing={4}>
          {rows.map((r) => (
            <List.Item key={r.location_product_id}>
              {t('held.holder', { name: r.product.name, ean: r.product.ean, count: r.link.stock })}
              {r.link.to_transfer ? ` · ${t('held.toMove')}` : ''}
              {!clearableLink(r.link) ? (
                <>
                  {' · '}
                  <Anchor component={Link} to={pathTo('product', { id: r.product_id })} size="sm">
                    {t('held.open', { name: r.product.name })}
                  </Anchor>
                </>
              ) : null}
            </List.Item>
          ))}
        </List>
        {loading || failed ? null : rows.length === 0 ? (
          // Every holder left the location meanwhile: adding it again is all there is to do.
          <Group>
            <Text size="sm">{t('held.gone', { location })}</Text>
            <Button
              variant="default"
              loading={clearAndAdd.isPending}
              onClick={() => clearAndAdd.mutate({ name: location, holders: [], move }, { onSuccess: onDone })}
            >
              {t(`${then}retry`, { location })}
            </Button>
          </Group>
        ) : blocked.length > 0 ? (
          <Text size="sm" fw={600}>
            {t(`${then}blocked`, { location })}
          </Text>
        ) : !mayClear ? (
          <Text size="sm">{t('held.notAllowed', { location })}</Text>
        ) : (
          <Group>
            <Button color="orange" onClick={() => setConfirming(true)} loading={clearAndAdd.isPending}>
              {t(`${then}clear`, { location })}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('held.confirmTitle', { location })}
        centered
      >
        <Stack>
          <Text>
            {t(`${then}confirmText`, { count: rows.length, names, location, product: productName })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('held.cancel')}
            </Button>
            <Button
              color="orange"
              onClick={() => {
                setConfirming(false);
                clearAndAdd.mutate(
                  {
                    name: location,
                    holders: rows.map((r) => ({
                      location_product_id: r.location_product_id,
                      product_id: r.product_id,
                      location_id: r.link.location.id,
                    })),
                    move,
                  },
                  { onSuccess: onDone },
                );
              }}
            >
              {t(`${then}confirm`)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}
