import type { ReasonValues } from '@hoppa/core';
import type { TFunction } from 'i18next';

/** A reason as a report of the API sends it (ADR 0119 §3): a `code` with its `values`, and the English `reason`. */
export interface CodedIssue {
  code?: string;
  values?: ReasonValues;
  reason: string;
}

/**
 * A coded reason in the UI's language (ADR 0119 §3), the one way every report of the portal words the API's codes:
 * the text `<prefix>.<code>` of `t`'s namespace with the issue's `values` (and `opts.values`, e.g. a field by its
 * label; `opts.key` names another text of the code, e.g. the Dutch postcode's own hint). A value's `expected` kind or
 * named `format` (a 400's `wrong_type`, `format_invalid`; core `VALIDATION_REASON_CODES`) picks the text's variant
 * `<code>_<kind>` (i18next's context), the bare `<code>` text when there is none. A code that `codes` does not
 * list (a newer API's), or an issue without one, shows the API's English `reason`.
 */
export function codedReasonText(
  t: TFunction,
  prefix: string,
  codes: readonly string[],
  issue: CodedIssue,
  opts: { key?: string; values?: Record<string, unknown> } = {},
): string {
  if (!issue.code || !codes.includes(issue.code)) return issue.reason;
  const context = issue.values?.expected ?? issue.values?.format;
  return t(`${prefix}.${opts.key ?? issue.code}`, {
    ...issue.values,
    ...opts.values,
    ...(context ? { context } : {}),
  });
}
