import { z } from 'zod';

/** The states of a confirmation to the marketplace (ADR 0045): waiting or being retried, done, given up. */
export const CONFIRMATION_STATUSES = ['pending', 'confirmed', 'failed'] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];

/**
 * The confirmation of a shipped bol order to bol (ADR 0045; spec 1 §4): its state, how often it was tried, bol's last
 * refusal (`bol.com: …`), when it was confirmed and when it is tried next; transporter and track and trace as sent.
 */
export const MarketplaceConfirmationSchema = z.object({
  status: z.enum(CONFIRMATION_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  transporter_code: z.string(),
  track_and_trace: z.string(),
  confirmed_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type MarketplaceConfirmation = z.infer<typeof MarketplaceConfirmationSchema>;
