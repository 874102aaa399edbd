import type { OpenOrder } from '@hoppa/core';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { linePickState, sameEan, truncateTitle } from '../open-orders.rules.ts';
import { CardBadge, CardTbody, CardTd, CardText, CardTh, CardThead, CardTr } from './card-markup.tsx';

/**
 * The products of an order card (spec 1 §2 Order card): title cut at 120 characters with its pick location, pack
 * note and cancellation request, the bundle the line is a part of and whether a rule added it (ADR 0049), EAN, quantity (bold above 1) and picking state. Lines of the scanned EAN are
 * highlighted; lines with a cancellation request are dimmed (spec 1 §4), and so are lines cancelled at the customer's
 * request (ADR 0128), badged as cancelled. Mantine's table markup written out
 * (card-markup.tsx; ADR 0071): only the table itself is a Mantine component.
 */
export function OrderCardLines({ order, selectedEan }: { order: OpenOrder; selectedEan: string | null }) {
  const { t } = useTranslation('orders');
  return (
    <Table fz="sm" verticalSpacing={4} horizontalSpacing={6}>
      <CardThead>
        <CardTr>
          <CardTh>{t('card.product')}</CardTh>
          <CardTh>{t('card.ean')}</CardTh>
          <CardTh ta="right">{t('card.quantity')}</CardTh>
          <CardTh style={{ width: 1, whiteSpace: 'nowrap' }}>{t('card.picked')}</CardTh>
        </CardTr>
      </CardThead>
      <CardTbody>
        {order.products.map((l) => {
          const state = linePickState(l);
          const hit = !!selectedEan && sameEan(l.ean, selectedEan);
          return (
            <CardTr
              key={l.id}
              // Inactive (spec 1 §4): not picked, not shipped; said to assistive technology too, not only dimmed.
              aria-disabled={l.cancellationRequest || undefined}
              style={{
                opacity: l.cancellationRequest ? 0.45 : 1,
                background: hit ? 'var(--mantine-color-blue-0)' : undefined,
              }}
            >
              <CardTd>
                <CardText size="sm" title={l.title}>
                  {truncateTitle(l.title)}
                </CardText>
                {l.bundle && (
                  <CardText size="xs" c="violet.8">
                    {t('card.bundlePart', { title: l.bundle.title, count: l.bundle.quantity })}
                  </CardText>
                )}
                {l.added_by_rule && (
                  <CardBadge size="xs" color="violet" variant="light" plainCase wrap>
                    {t('card.addedByRule')}
                  </CardBadge>
                )}
                {l.pick_location && (
                  <CardText size="xs" c="dimmed">
                    {t('card.location')}: {l.pick_location.name}
                  </CardText>
                )}
                {l.pack_note && (
                  <CardText size="xs" c="orange.8">
                    {t('card.packNote', { note: l.pack_note })}
                  </CardText>
                )}
                {l.cancellationRequest && (
                  <CardBadge size="xs" color="red" variant={l.cancelled ? 'light' : 'outline'}>
                    {l.cancelled ? t('card.cancelled') : t('card.cancellation')}
                  </CardBadge>
                )}
              </CardTd>
              <CardTd monospace fz="xs">
                {l.ean}
              </CardTd>
              <CardTd ta="right" fw={l.quantity > 1 ? 800 : 400}>
                {l.quantity}
              </CardTd>
              <CardTd style={{ whiteSpace: 'nowrap' }}>
                <CardBadge
                  size="sm"
                  variant="light"
                  color={state === 'picked' ? 'green' : state === 'partial' ? 'yellow' : 'gray'}
                  plainCase
                  // Badges clip their text; in a table cell that shrank the column to '…'.
                  labelStyle={{ overflow: 'visible' }}
                >
                  {state === 'picked'
                    ? t('card.picked')
                    : state === 'partial'
                      ? t('card.partlyPicked', { picked: l.picked_quantity, quantity: l.quantity })
                      : t('card.notPicked')}
                </CardBadge>
              </CardTd>
            </CardTr>
          );
        })}
      </CardTbody>
    </Table>
  );
}
