/**
 * Every way of writing track and trace (and the short T&T) that a text may hold: "Track and trace",
 * "Track en trace", "track & trace", "Track-n-trace", "T&T". The apps write it one way, 'Track & Trace' (ADR 0136).
 */
export const TRACK_AND_TRACE_SPELLINGS = /track[\s-]*(?:and|en|&|n)[\s-]*trace|\bT&T\b/gi;

/** The one way the apps write the term, in Dutch and English alike (ADR 0136). */
export const TRACK_AND_TRACE = 'Track & Trace';

/**
 * The uses of a term in every string under `value` (text modules, nested objects of texts): `on`, how often it is
 * written as `canonical`; `off`, each text that writes it otherwise, as `path: text` from `at`. `pattern` must be
 * global (`g`). Used by the apps' text tests (ADR 0136).
 */
export function termUses(
  value: unknown,
  at: string,
  pattern: RegExp = TRACK_AND_TRACE_SPELLINGS,
  canonical: string = TRACK_AND_TRACE,
): { off: string[]; on: number } {
  const out = { off: [] as string[], on: 0 };
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(pattern)) {
        if (m[0] === canonical) out.on++;
        else out.off.push(`${path}: ${v}`);
      }
    } else if (v && typeof v === 'object')
      for (const [key, w] of Object.entries(v)) walk(w, `${path}.${key}`);
  };
  walk(value, at);
  return out;
}
