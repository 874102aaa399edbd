import type { PlanCount } from '@hoppa/core';

/**
 * The chosen counts as the pricing page hands them to the terms page in its URL (`?plans=<id>:<count>,…`), and back:
 * ids are 24 hex characters, counts whole numbers 0–1000; anything else is dropped.
 */
export function countsToParam(counts: readonly PlanCount[]): string {
  return counts
    .filter((c) => c.count > 0)
    .map((c) => `${c.id}:${c.count}`)
    .join(',');
}

/** Parses {@link countsToParam}'s text. */
export function countsFromParam(param: string | null): PlanCount[] {
  if (!param) return [];
  return param.split(',').flatMap((part) => {
    const m = /^([0-9a-f]{24}):(\d{1,4})$/.exec(part.trim());
    const count = m ? Number(m[2]) : Number.NaN;
    return m?.[1] && count <= 1000 ? [{ id: m[1], count }] : [];
  });
}
