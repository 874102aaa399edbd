import { Alert } from '@mantine/core';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import type { PickRecord } from '../../offline/db.ts';
import { cutName, needsRecount } from './pick.rules.ts';
import { ProductImage } from './product-image.tsx';

/**
 * The pick in front of the picker (spec 2 §2 Pick screen): where to go in very large type, how many to
 * take in large type (highlighted when more than one), then photo, name (cut at 80), EAN, stock on the
 * location, notes and the order(s) it is for. An item lists at most PICK_ITEM_MAX_ORDERS orders: what waits behind
 * them is named, to be picked in a later round (after a refresh).
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
      <div className="pick-name" data-testid="pick-name">
        {cutName(item.product__name)}
      </div>
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
          <dd data-testid="pick-order">
            {first?.shop_order_id ?? item.order_id}
            {more > 0 ? <span className="pick-more"> {t('moreOrders', { count: more })}</span> : null}
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
      {needsRecount(pick) ? (
        <Alert color="yellow" variant="light" className="pick-recount">
          {t('recount')}
        </Alert>
      ) : null}
    </section>
  );
});
