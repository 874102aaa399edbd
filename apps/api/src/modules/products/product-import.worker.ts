/**
 * The CPU-heavy part of the product import on a worker thread (lib/workers.ts; issue 7 "imports never stall the
 * floor"): JSON parsing, the body schema and every row rule of core (`parseProductImportRow`, duplicate EANs in the
 * file). Answers the accepted rows and every rejected row with its reason; the main thread only writes.
 */
import {
  ProductImportBodySchema,
  type ProductImportError,
  parseProductImportRow,
  productImportProblem,
  type ValidProductImportRow,
} from '@hoppa/core';

/** A body the schema refused, as the API's validation problem lists it. */
export interface BodyRefused {
  ok: false;
  message: string;
  issues: { path: string; message: string }[];
}

/** The worker's answer: accepted rows (file order, one per EAN) and the rejected ones sorted by row. */
export type ProductPlan =
  | { ok: true; good: ValidProductImportRow[]; errors: ProductImportError[] }
  | BodyRefused;

export default function run(task: { body: Uint8Array }): ProductPlan {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(task.body));
  } catch {
    return { ok: false, message: 'Body is not valid JSON', issues: [] };
  }
  const parsed = ProductImportBodySchema.safeParse(json);
  if (!parsed.success) {
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
  const errors: ProductImportError[] = [];
  const good: ValidProductImportRow[] = [];
  const firstRowOfEan = new Map<string, number>();
  parsed.data.forEach((row, i) => {
    const r = parseProductImportRow(row);
    if (!r.ok) {
      errors.push({ row: i + 1, ean: r.ean, code: r.code, values: r.values, reason: r.reason });
      return;
    }
    const earlier = firstRowOfEan.get(r.value.ean);
    if (earlier !== undefined) {
      errors.push({
        row: i + 1,
        ean: r.value.ean,
        ...productImportProblem('duplicate_ean'),
        first_row: earlier,
      });
      return;
    }
    firstRowOfEan.set(r.value.ean, i + 1);
    good.push(r.value);
  });
  return { ok: true, good, errors };
}
