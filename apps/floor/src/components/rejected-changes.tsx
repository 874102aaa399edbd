import { ApiError } from '@hoppa/core';
import { codedProblemText } from '@hoppa/web';
import { Button } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OutboxRecord, OutboxRejection } from '../offline/db.ts';

/**
 * Why the server refused a change, as the worker reads it: a 400 whose issues carry validation codes (core
 * `VALIDATION_REASON_CODES`: too few pieces on the place, the stock already there, …) in the UI's language by the
 * shared texts (`codedProblemText`, ADR 0127); otherwise the server's message. Empty without a rejection.
 */
export function rejectionText(rejection: OutboxRejection | null | undefined, t: TFunction): string {
  if (!rejection) return '';
  const { status, code, message, issues } = rejection;
  const error = new ApiError(
    status,
    { statusCode: status, code, message, ...(issues ? { issues } : {}) },
    message,
  );
  return codedProblemText(error, t) ?? message;
}

/**
 * Changes the server refused for good (spec 2 §8; 409 and other final answers), listed with the reason until the
 * worker taps the dismiss button; they are never resent. One list for every floor task: each gives its words and,
 * for the conflicts it knows, its own reason text (`reason`; otherwise {@link rejectionText}: a coded refusal in the
 * worker's language, else the server's message).
 */
export function RejectedChanges({
  rows,
  onDismiss,
  texts,
  reason,
  itemTestId = 'rejected-change',
}: {
  rows: OutboxRecord[];
  onDismiss(id: string): void;
  texts: { title: string; hint?: string; dismiss: string };
  reason?: (row: OutboxRecord) => string;
  itemTestId?: string;
}) {
  const { t } = useTranslation('common');
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
              <span data-testid="rejected-reason">
                {reason ? reason(row) : rejectionText(row.rejection, t)}
              </span>
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
