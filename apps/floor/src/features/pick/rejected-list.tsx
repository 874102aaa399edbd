import { locationReservation } from '@hoppa/core';
import type { TFunction } from 'i18next';
import { RejectedChanges, rejectionText } from '../../components/rejected-changes.tsx';
import type { OutboxRecord } from '../../offline/db.ts';

/**
 * The reason a picker reads for a refused pick: our Dutch text for known conflicts, else a coded refusal in the
 * picker's language, else the server's words ({@link rejectionText}).
 */
export function rejectionReason(row: OutboxRecord, t: TFunction<'pick', undefined>): string {
  const code = row.rejection?.code ?? '';
  // A placing of another floor task (Locations, check-in) refused meanwhile is listed here too (every refused change).
  if (code === 'order_shipped' || code === 'order_cancelled' || code === 'over_pick')
    return t(`reason_${code}`);
  // A bin reserved for another product, named with what it is kept for when the answer says (ADR 0142).
  if (code === 'location_reserved') {
    // The key by its variant, not i18next's `context`: the pick screen's `t` is pickT (pick-texts.ts), without it.
    const held = locationReservation(row.rejection);
    return held ? t(`reason_location_reserved_${held.shop}`, { ...held }) : t('reason_location_reserved');
  }
  return rejectionText(row.rejection, t as unknown as TFunction);
}

/**
 * Picks the server refused for good (409: the order was shipped or cancelled meanwhile, or is already
 * picked): listed with the reason until the picker taps "Gezien". They are never resent. Without rows nothing renders
 * and nothing is translated (its three texts, one with a plural, were ~10 % of the pick screen's first render at 4×
 * CPU; ADR 0078).
 */
export function RejectedList({
  rows,
  onDismiss,
  t,
}: {
  rows: OutboxRecord[];
  onDismiss(id: string): void;
  t: TFunction<'pick', undefined>;
}) {
  if (rows.length === 0) return null;
  return (
    <RejectedChanges
      rows={rows}
      onDismiss={onDismiss}
      texts={{
        title: t('rejectedTitle', { count: rows.length }),
        hint: t('rejectedHint'),
        dismiss: t('dismiss'),
      }}
      reason={(row) => rejectionReason(row, t)}
      itemTestId="rejected-pick"
    />
  );
}
