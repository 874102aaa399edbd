/**
 * Runs `fn` once the browser has painted the next frame (issue 8 §2: the scan verdict first, everything else after
 * it): a task queued from `requestAnimationFrame` runs after that frame's paint. A hidden page paints no frames, so a
 * timer runs it anyway after `fallbackMs` (ms); `fn` runs exactly once either way.
 */
export function afterPaint(fn: () => void, fallbackMs = 250): void {
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    fn();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, fallbackMs);
}
