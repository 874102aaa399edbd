import { clearableLink, locationHolders } from '@hoppa/core';
import { Button, Loader, Modal } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import type { OutboxRecord, StockOp } from '../../offline/db.ts';
import { floorDb } from '../../offline/db.ts';
import { refreshProduct } from '../../offline/products.ts';

/**
 * A refused assignment or move, 405 `location_held`: `assign_by_name` (`POST /product/assign_location`, the location
 * typed or read from an old label), `assign` (`POST /locations/assign`, a label scanned as the bin's id, or a count
 * typed on a location added that way) or `transfer` (`POST /product/transfer/{id}`, pieces moved to a location by its
 * scanned label or name).
 */
export type HeldRow = OutboxRecord & {
  kind: 'stock.change';
  body: Extract<StockOp, { op: 'assign_by_name' | 'assign' | 'transfer' }>;
};

/** Whether a refused row is the assignment or move of `productId` onto a location, refused for any reason. */
export function isRefusedPlacingRow(row: OutboxRecord, productId: string | undefined): row is HeldRow {
  return (
    row.kind === 'stock.change' &&
    (row.body.op === 'assign_by_name' || row.body.op === 'assign' || row.body.op === 'transfer') &&
    row.body.product_id === productId &&
    row.rejection?.code !== undefined
  );
}

/** Whether a refused row is the assignment or move of `productId` onto a location other products hold. */
export function isHeldRow(row: OutboxRecord, productId: string | undefined): row is HeldRow {
  return isRefusedPlacingRow(row, productId) && row.rejection?.code === 'location_held';
}

/** A text with its first letter in capitals (a sentence that starts with the fallback name 'deze locatie'). */
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The offer to clear a held location on the floor (spec 2 §4 '202 or 405 means other products hold the location
 * (offer to clear)'; ADR 0118 decision 3), for one refused assignment of the open product. It names the holders by
 * name, EAN and pieces there: read with `GET /product/locations/{id}` when online and kept on the device (Dexie
 * `products`), so it also reads offline later. When every holder lies there with 0 pieces and no open transfer it
 * offers, after a confirmation that no stock is moved or removed, to queue the clear of each holder
 * (`DELETE /locations/clear/…`, which the server refuses for a link that got pieces meanwhile) and the assignment
 * again, as outbox rows in that order like the screen's other changes; the refused row is then dismissed. A holder
 * with pieces is refused with what to do instead (open it, move or count its pieces off). Offline without the
 * holders on the device the clear cannot be built (it needs the location's id and the pieces): it says it needs a
 * connection. A row by bin id names the location as this device knows it (`locationName`, or the holders' place
 * once read), never by its internal id; its retry is the same `POST /locations/assign` again. A refused move
 * (`transfer`) gets the same offer, saying the pieces are moved instead of the location added, and its retry is the
 * same move again (`moveFrom` names where the pieces lie, for the queued row's label).
 */
export function HeldLocation({
  row,
  productName,
  locationName,
  moveFrom,
  online,
  mayClear,
  queue,
  onOpen,
  onDismiss,
  onQueued,
  t,
}: {
  row: HeldRow;
  productName: string;
  /** The location's name known on this device, for a row by bin id (`assign`, a `transfer` by `location_id`). */
  locationName?: string | undefined;
  /** For a refused move: the name of the location its pieces lie on. */
  moveFrom?: string | undefined;
  online: boolean;
  /** The role may call `DELETE /locations/clear/…`. */
  mayClear: boolean;
  queue(op: StockOp, label: string): Promise<void>;
  /** Opens a holder on this screen (to move or count its pieces). */
  onOpen(productId: string): void;
  onDismiss(): void;
  /** The clears and the assignment are queued; `message` says so ('R-01-05 wordt leeggemaakt en toegevoegd'). */
  onQueued(message: string): void;
  t: TFunction<'locations', undefined>;
}) {
  const db = floorDb();
  const holders = locationHolders(row.rejection?.issues);
  const ids = holders.map((h) => h.product_id);
  const key = ids.join(',');
  const [reading, setReading] = useState(false);
  const [readFailed, setReadFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const stored = useLiveQuery(() => db.products.bulkGet(ids), [db, key]);

  // Online: read each holder as the server holds it now (stored on the device for an offline moment later).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the holders (key) and the connection are the trigger
  useEffect(() => {
    if (!online || ids.length === 0) return;
    let live = true;
    setReading(true);
    Promise.all(ids.map((id) => refreshProduct(db, id)))
      .then(() => live && setReadFailed(false))
      .catch(() => live && setReadFailed(true))
      .finally(() => live && setReading(false));
    return () => {
      live = false;
    };
  }, [db, key, online]);

  const known = holders.flatMap((h, i) => {
    const data = stored?.[i]?.data;
    const link = data?.locations.find((l) => l.id === h.location_product_id);
    return data && link ? [{ ...h, product: data.product, link }] : [];
  });
  const body = row.body;
  const move = body.op === 'transfer';
  const typed =
    body.op === 'assign_by_name'
      ? body.rack_number
      : body.op === 'transfer' && 'rack_number' in body.to
        ? body.to.rack_number
        : undefined;
  const named = typed ?? locationName ?? known[0]?.link.location.name;
  const location = named ?? t('heldUnnamed');
  // A sentence that starts with the location's name starts with a capital also when the name is 'deze locatie'.
  const start = (text: string) => (named ? text : upperFirst(text));
  // Every holder known on the device, or read just now (one whose link is gone no longer holds the location).
  const complete = stored?.every((s) => s !== undefined) ?? false;
  const blocked = known.filter((k) => !clearableLink(k.link));
  const waiting = stored === undefined || (reading && !complete);
  // What happens after clearing, in the offer's texts: the location is added, or the pieces are moved there.
  const clearText = move ? t('heldClearMove', { location }) : t('heldClear', { location });
  const retryText = move ? t('heldRetryMove', { location }) : t('heldRetry', { location });
  const confirmValues = {
    count: known.length,
    names: known.map((k) => k.product.name).join(', '),
    location,
    product: productName,
  };

  async function clearAndAdd() {
    setConfirming(false);
    for (const k of known)
      await queue(
        {
          op: 'clear',
          product_id: k.product_id,
          location_product_id: k.location_product_id,
          location_id: k.link.location.id,
        },
        t('label_clear', { location, product: k.product.name }),
      );
    await queue(
      body.op === 'assign_by_name'
        ? {
            op: 'assign_by_name',
            product_id: body.product_id,
            rack_number: body.rack_number,
            ...(body.raw_scan ? { raw_scan: body.raw_scan } : {}),
          }
        : body,
      body.op === 'transfer'
        ? t('label_transfer', {
            count: body.quantity ?? 0,
            from: moveFrom ?? '',
            to: location,
            product: productName,
          })
        : t('label_add', { location, product: productName }),
    );
    onQueued(start(move ? t('heldQueuedMove', { location }) : t('heldQueued', { location })));
  }

  return (
    <section
      className="loc-held"
      role="alert"
      aria-label={start(t('heldTitle', { location }))}
      data-testid="held"
    >
      <h2>{start(t('heldTitle', { location }))}</h2>
      <p>
        {move
          ? t('heldIntroMove', { location, product: productName })
          : t('heldIntro', { location, product: productName })}
      </p>
      {waiting ? <Loader size="sm" /> : null}
      <ul>
        {known.map((k) => (
          <li key={k.location_product_id} data-testid="held-product">
            <span>
              {t('heldHolder', { name: k.product.name, ean: k.product.ean, count: k.link.stock })}
              {k.link.to_transfer ? ` · ${t('heldToMove')}` : ''}
            </span>
            {!clearableLink(k.link) ? (
              <Button size="lg" variant="default" onClick={() => onOpen(k.product_id)}>
                {t('heldOpen', { name: k.product.name })}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {waiting ? null : !complete && !online ? (
        <p className="loc-message loc-message-error" data-testid="held-offline">
          {move ? t('heldOfflineMove', { location }) : t('heldOffline', { location })}
        </p>
      ) : !complete && readFailed ? (
        <p className="loc-message loc-message-error">{t('heldUnread', { location })}</p>
      ) : blocked.length > 0 ? (
        <p data-testid="held-blocked">{t('heldBlocked', { location })}</p>
      ) : !mayClear ? (
        <p>{t('heldNotAllowed', { location })}</p>
      ) : (
        <Button fullWidth size="lg" color="orange" onClick={() => setConfirming(true)}>
          {start(known.length > 0 ? clearText : retryText)}
        </Button>
      )}
      <Button fullWidth size="lg" variant="subtle" mt="xs" onClick={onDismiss}>
        {t('dismiss')}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={start(t('heldConfirmTitle', { location }))}
        centered
      >
        <p data-testid="held-confirm-text">
          {known.length > 0
            ? move
              ? t('heldConfirmTextMove', confirmValues)
              : t('heldConfirmText', confirmValues)
            : t('heldGone', { location })}
        </p>
        <Button fullWidth size="lg" color="orange" onClick={() => void clearAndAdd()}>
          {known.length > 0 ? (move ? t('heldConfirmMove') : t('heldConfirm')) : start(retryText)}
        </Button>
        <Button fullWidth size="lg" variant="default" mt="xs" onClick={() => setConfirming(false)}>
          {t('cancel')}
        </Button>
      </Modal>
    </section>
  );
}
