import { Button } from '@mantine/core';
import type { OutboxRecord } from '../offline/db.ts';

/**
 * Changes the server refused for good (spec 2 §8; 409 and other final answers), listed with the reason until the
 * worker taps the dismiss button; they are never resent. One list for every floor task: each gives its words and,
 * for the conflicts it knows, its own reason text (`reason`; the server's message otherwise).
 */
export function RejectedChanges({
  rows,
  onDismiss,
  texts,
  reason = (row) => row.rejection?.message ?? '',
  itemTestId = 'rejected-change',
}: {
  rows: OutboxRecord[];
  onDismiss(id: string): void;
  texts: { title: string; hint?: string; dismiss: string };
  reason?: (row: OutboxRecord) => string;
  itemTestId?: string;
}) {
  if (rows.length === 0) return null;
  return (
    <section className="rejected" role="alert" aria-label={texts.title} data-testid="rejected-list">
      <h2>{texts.title}</h2>
      {texts.hint ? <p>{texts.hint}</p> : null}
      <ul>
        {rows.map((row) => (
          <li key={row.id} data-testid={itemTestId}>
            <div className="rejected-text">
              <strong>{row.label}</strong>
              <span data-testid="rejected-reason">{reason(row)}</span>
            </div>
            <Button size="lg" color="dark" variant="white" onClick={() => onDismiss(row.id)}>
              {texts.dismiss}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
