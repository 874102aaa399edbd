import { z } from 'zod';
import { ReasonValuesSchema } from './reason.ts';

/** Entity id: 24-character lowercase hex, ObjectId style (docs/decisions/0004-ids.md). */
export const IdSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Expected a 24-character lowercase hex id');
export type Id = z.infer<typeof IdSchema>;

/**
 * The problem body of every non-2xx answer of `/api` (RFC 9457 style). `message` is a readable text
 * the apps show for 400 and 406 (spec 1 §8, spec 2 §8), except that a 400 whose issues carry validation codes is
 * worded issue by issue in the UI's language (@hoppa/web `codedProblemText`, ADR 0125 §4); `code` is a stable machine code
 * (`validation`, `unauthorized`, `forbidden`, `not_found`, `conflict`, …); `issues` lists field errors, each with
 * its English `message` and, where a call words its problems as reason codes (ADR 0119 §3: `POST /automation`,
 * `POST /inbound/excel`), the issue's `code` with its `values` for the apps to word in their language.
 */
export const ProblemSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  issues: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        code: z.string().optional(),
        values: ReasonValuesSchema.optional(),
      }),
    )
    .optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;

/** `{ ok: true }` answers of calls whose response the apps do not read. */
export const OkSchema = z.object({ ok: z.literal(true) });
