// Whether main.tsx sent the pick list's first page when the app started (pick-first-page.ts `sendFirstPickPage`), in a
// module without imports: the task list (index.ts) reads it, and Node reads the task list (scripts/spec-coverage.mjs)
// without the browser's API client.

let sent = false;

/** Records that the list's first page was sent at the app's start (a fresh device on the pick screen, online). */
export function noteFirstPickPageSent(): void {
  sent = true;
}

/**
 * Whether the app started on the pick screen of a fresh device, online, and sent the list's first page then: the pick
 * route then starts with its light start (`pick-start.tsx`, ADR 0086).
 */
export function firstPickPageSent(): boolean {
  return sent;
}
