/**
 * The CPU-heavy half of the order import, on a worker thread (lib/workers.ts; issue 7 "imports never stall the
 * floor"): JSON parsing, the body schema, grouping and every row rule of core. The main thread only runs the
 * database lookups in between and the chunked writes after.
 *
 * One pass over the body (ADR 0068): phase `keys` parses the raw body once (JSON + body schema), checks every text
 * cell once (`importTextProblems`), keeps the parsed rows and their text problems on this thread under the task's
 * `token` and answers the distinct EANs/SKUs and order ids to look up (or the
 * validation problem). Phase `plan` takes the kept rows with what the lookups found → the accepted orders as flat
 * columns, ready for the multi-row INSERTs (cheap to hand back between threads), and every rejected row with its
 * reason. Should the rows be gone (the thread was replaced between the phases, or the import was dropped), `plan`
 * answers `{ ok: false, gone: true }` and the caller sends the body again with the plan task. Phase `drop` forgets
 * the rows of an import whose lookups failed.
 */
import {
  collectImportKeys,
  importTextProblems,
  OrderImportBodySchema,
  type OrderImportIssue,
  type OrderImportProblem,
  type OrderImportRow,
  planOrderImport,
} from '@hoppa/core';

/** A body the schema refused: the issues as the API's validation problem lists them. */
export interface BodyRefused {
  ok: false;
  message: string;
  issues: { path: string; message: string }[];
}

/** Answer of phase `keys`. */
export type KeysAnswer = { ok: true; eans: string[]; orderIds: string[] } | BodyRefused;

/** The accepted orders as columns (index i = one order) and their lines (each pointing at its order). */
export interface PlannedOrders {
  orderId: string[];
  details: string[];
  country: string[];
  reason: string[];
  notes: (string | null)[];
  /** The data rows of each order, for reporting it as a duplicate when another upload wrote it first. */
  rows: number[][];
  lineOrder: number[];
  lineKey: string[];
  lineQty: number[];
  linePos: number[];
  lineRow: number[];
}

/** Answer of phase `plan`; `gone` when the rows of `token` are no longer kept and no body came with the task. */
export type PlanAnswer =
  | { ok: true; orders: PlannedOrders; errors: OrderImportIssue[] }
  | BodyRefused
  | { ok: false; gone: true };

/**
 * A task for this worker; `warm` only loads the module (start-up, `warmOrderImport`). `token` names one import's
 * parsed rows between `keys` and `plan` (unique per import in this process); `plan` may bring the body again
 * (after a `gone` answer), then it parses it itself.
 */
export type ImportTask =
  | { phase: 'warm' }
  | { phase: 'keys'; token: number; body: Uint8Array }
  | { phase: 'plan'; token: number; body?: Uint8Array; knownKeys: string[]; importedIds: string[] }
  | { phase: 'drop'; token: number };

/** One import's parsed rows and the text problems of its rows (core `importTextProblems`, by row number). */
interface KeptRows {
  rows: OrderImportRow[];
  textProblems: Map<number, OrderImportProblem>;
}

/**
 * Parsed rows kept between the phases, by token. At most {@link KEPT} imports at once (the oldest goes first; its
 * `plan` then gets `gone` and the body again), so rows of an import whose caller vanished cannot pile up.
 */
const kept = new Map<number, KeptRows>();
const KEPT = 4;

function parse(body: Uint8Array): ({ ok: true } & KeptRows) | BodyRefused {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { ok: false, message: 'Body is not valid JSON', issues: [] };
  }
  const parsed = OrderImportBodySchema.safeParse(json);
  if (parsed.success) return { ok: true, rows: parsed.data, textProblems: importTextProblems(parsed.data) };
  const issues = parsed.error.issues.slice(0, 10).map((i) => {
    const sub = i.path.map(String).join('.');
    return { path: sub ? `body.${sub}` : 'body', message: i.message };
  });
  return {
    ok: false,
    message: issues.map((i) => `${i.path.replace(/^body\.?/, '') || 'body'}: ${i.message}`).join('; '),
    issues,
  };
}

export default function run(task: ImportTask): KeysAnswer | PlanAnswer | { ok: true } {
  if (task.phase === 'warm') return { ok: true };
  if (task.phase === 'drop') {
    kept.delete(task.token);
    return { ok: true };
  }
  if (task.phase === 'keys') {
    const parsed = parse(task.body);
    if (!parsed.ok) return parsed;
    const { rows, textProblems } = parsed;
    kept.set(task.token, { rows, textProblems });
    while (kept.size > KEPT) kept.delete(kept.keys().next().value as number);
    return { ok: true, ...collectImportKeys(rows, textProblems) };
  }
  let rows = kept.get(task.token);
  kept.delete(task.token);
  if (!rows) {
    if (!task.body) return { ok: false, gone: true };
    const parsed = parse(task.body);
    if (!parsed.ok) return parsed;
    rows = { rows: parsed.rows, textProblems: parsed.textProblems };
  }

  const known = new Set(task.knownKeys);
  const imported = new Set(task.importedIds);
  const plan = planOrderImport(
    rows.rows,
    { isKnownProduct: (ean) => known.has(ean), isImportedOrderId: (id) => imported.has(id) },
    rows.textProblems,
  );
  const out: PlannedOrders = {
    orderId: [],
    details: [],
    country: [],
    reason: [],
    notes: [],
    rows: [],
    lineOrder: [],
    lineKey: [],
    lineQty: [],
    linePos: [],
    lineRow: [],
  };
  plan.orders.forEach((o, i) => {
    out.orderId.push(o.orderId);
    out.details.push(JSON.stringify(o.shipmentDetails));
    out.country.push(o.shipmentDetails.countryCode ?? 'NL');
    out.reason.push(o.reason);
    out.notes.push(o.notesText);
    out.rows.push(o.rows);
    o.lines.forEach((l, position) => {
      out.lineOrder.push(i);
      out.lineKey.push(l.ean);
      out.lineQty.push(l.quantity);
      out.linePos.push(position);
      out.lineRow.push(l.row);
    });
  });
  return { ok: true, orders: out, errors: plan.errors };
}
