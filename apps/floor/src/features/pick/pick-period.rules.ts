import { amsterdamWallTime, amsterdamWallTimeToIso } from '@hoppa/core';

// The filter drawer's time inputs (Van, Tot en met) in Amsterdam time. A file of their own, imported only by the
// drawer (ADR 0135): core's time zone rules bring date-fns and @date-fns/tz (~7 KB brotli), which the pick screen's
// file, the first card's download, does not need; they load with the drawer.

/** An ISO time as an `<input type="datetime-local">` value in Amsterdam time ('yyyy-MM-ddTHH:mm'); '' when invalid. */
export function toLocalInput(iso: string): string {
  return amsterdamWallTime(iso).slice(0, 16).replace(' ', 'T');
}

/** The value of an `<input type="datetime-local">`, read as Amsterdam time, as an ISO time; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  return value ? amsterdamWallTimeToIso(value) : null;
}
