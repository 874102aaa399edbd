import { Button } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { OutboxRecord } from '../../offline/db.ts';

/** The reason a picker reads for a refused pick: our Dutch text for known conflicts, else the server's. */
export function rejectionReason(row: OutboxRecord, t: TFunction<'pick', undefined>): string {
  const code = row.rejection?.code ?? '';
  if (code === 'order_shipped' || code === 'order_cancelled' || code === 'over_pick')
    return t(`reason_${code}`);
  return row.rejection?.message ?? '';
}

/**
 * Picks the server refused for good (409: the order was shipped or cancelled meanwhile, or is already
 * picked): listed with the reason until the picker taps "Gezien". They are never resent.
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
    <section
      className="rejected"
      role="alert"
      aria-label={t('rejectedTitle', { count: rows.length })}
      data-testid="rejected-list"
    >
      <h2>{t('rejectedTitle', { count: rows.length })}</h2>
      <p>{t('rejectedHint')}</p>
      <ul>
        {rows.map((row) => (
          <li key={row.id} data-testid="rejected-pick">
            <div className="rejected-text">
              <strong>{row.label}</strong>
              <span data-testid="rejected-reason">{rejectionReason(row, t)}</span>
            </div>
            <Button size="lg" color="dark" variant="white" onClick={() => onDismiss(row.id)}>
              {t('dismiss')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
