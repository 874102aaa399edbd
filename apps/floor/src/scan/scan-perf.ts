/**
 * User-timing marks around one scan, for the scan→feedback benchmark (e2e): `scan-enter` at the
 * Enter keydown that ends a scan, `scan-feedback` once the verdict is on screen and its sound and
 * vibration have been started, and the measure `scan-to-feedback` between them. Read them with
 * `performance.getEntriesByName('scan-to-feedback')`. Marks are cleared each time (only the pair of the
 * current scan matters); the measures accumulate.
 */
export const SCAN_ENTER_MARK = 'scan-enter';
export const SCAN_FEEDBACK_MARK = 'scan-feedback';
export const SCAN_MEASURE = 'scan-to-feedback';

let open = false;

/** Call at the Enter keydown of a scan. */
export function markScanEnter(): void {
  performance.clearMarks(SCAN_ENTER_MARK);
  performance.mark(SCAN_ENTER_MARK);
  open = true;
}

/** Call when the feedback of that scan is shown; measures once per scan. */
export function markScanFeedback(): void {
  if (!open) return;
  open = false;
  performance.clearMarks(SCAN_FEEDBACK_MARK);
  performance.mark(SCAN_FEEDBACK_MARK);
  performance.measure(SCAN_MEASURE, SCAN_ENTER_MARK, SCAN_FEEDBACK_MARK);
}
