import { Alert } from '@mantine/core';
import type { TFunction } from 'i18next';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { PickRecord } from '../../offline/db.ts';
import { cutName, needsRecount } from './pick.rules.ts';
import { ProductImage } from './product-image.tsx';

/**
 * The pick in front of the picker (spec 2 §2 Pick screen): where to go in very large type, how many to
 * take in large type (highlighted when more than one), then photo, name (cut at 80), EAN, stock on the
 * location, notes and the order(s) it is for. An item lists at most PICK_ITEM_MAX_ORDERS orders: what waits behind
 * them is named, to be picked in a later round (after a refresh). A location reported at the shelf that the list
 * still sends the picker to (no other has stock) says so ('Gemeld: niet aanwezig').
 */
export const PickCard = memo(function PickCard({
  pick,
  t,
}: {
  pick: PickRecord;
  t: TFunction<'pick', undefined>;
}) {
  const { item } = pick;
  const [first] = item.orders;
  // The orders after the first in this round: a downloaded item lists the round's first orders until its rounds are
  // completed (`round_orders` counts them all).
  const more = Math.max(item.orders.length, item.round_orders ?? 0) - 1;
  const orderId = first?.shop_order_id ?? item.order_id;
  const moreOrders = more > 0 ? t('moreOrders', { count: more }) : null;
  return (
    <section
      className="pick-card"
      aria-label={t('currentPick')}
      data-testid="pick-card"
      data-pick-id={pick.id}
    >
      <div className="pick-location-block">
        <div className="pick-label">
          {t('location')}
          {item.rack_parent ? <span className="pick-parent"> · {item.rack_parent}</span> : null}
        </div>
        <div className="pick-location" data-testid="pick-location">
          {item.rack || '—'}
        </div>
      </div>
      <div className="pick-row">
        <ProductImage
          src={item.image}
          alt={item.product__name}
          texts={{ noImage: t('noImage'), credit: t('imageCredit') }}
        />
        <div className={`pick-qty-box ${item.qty > 1 ? 'pick-qty-multi' : ''}`}>
          <span className="pick-label">{t('take')}</span>
          <span className="pick-quantity" data-testid="pick-quantity">
            {item.qty}
          </span>
          <span className="pick-qty-unit">{t('pieces', { count: item.qty })}</span>
        </div>
      </div>
      <PickName key={pick.id} name={cutName(item.product__name)} />
      <dl className="pick-facts">
        <div>
          <dt>{t('ean')}</dt>
          <dd data-testid="pick-ean">{item.ean}</dd>
        </div>
        <div>
          <dt>{t('stock')}</dt>
          <dd data-testid="pick-stock">{item.product__stock}</dd>
        </div>
        <div className="pick-facts-wide">
          <dt>{t('order')}</dt>
          <dd
            data-testid="pick-order"
            title={`${orderId}${moreOrders ? ` ${moreOrders}` : ''} · ${item.org_name}`}
          >
            {orderId}
            {moreOrders ? <span className="pick-more"> {moreOrders}</span> : null}
            <span className="pick-org"> · {item.org_name}</span>
          </dd>
        </div>
      </dl>
      {item.more_orders > 0 ? (
        <p className="pick-note" data-testid="pick-later-round">
          {t('laterRound', { count: item.more_orders, qty: item.more_qty })}
        </p>
      ) : null}
      {item.product__note ? (
        <p className="pick-note" data-testid="pick-product-note">
          <strong>{t('productNote')}:</strong> {item.product__note}
        </p>
      ) : null}
      {item.pick_note ? (
        <p className="pick-note">
          <strong>{t('pickNote')}:</strong> {item.pick_note}
        </p>
      ) : null}
      {item.shelf_problem ? (
        // An open shelf report here and no other location with stock (the server's `shelf_problem`).
        <Alert color="orange" variant="light" className="pick-recount" data-testid="pick-shelf-problem">
          {t(`shelfProblem_${item.shelf_problem}`)}
        </Alert>
      ) : null}
      {needsRecount(pick) ? (
        <Alert color="yellow" variant="light" className="pick-recount">
          {t('recount')}
        </Alert>
      ) : null}
    </section>
  );
});

/**
 * The product's name (cut at 80). On a small, short screen it keeps to two lines (floor.css) so the EAN and Probleem
 * stay above the foot; a name longer than that ends in '…' and is a button that opens it whole and closes it again.
 * A name that fits is plain text.
 */
function PickName({ name }: { name: string }) {
  const ref = useRef<HTMLDivElement & HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [clamped, setClamped] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the name and its open state change what fits
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !open) setClamped(el.scrollHeight > el.clientHeight + 1);
  }, [name, open]);
  if (!clamped && !open)
    return (
      <div ref={ref} className="pick-name" data-testid="pick-name">
        {name}
      </div>
    );
  return (
    <button
      ref={ref}
      type="button"
      className={`pick-name pick-name-toggle${open ? ' pick-name-open' : ''}`}
      data-testid="pick-name"
      aria-expanded={open}
      onClick={() => setOpen((o) => !o)}
    >
      {name}
    </button>
  );
}
