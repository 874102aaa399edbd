import { ApiError, type Problem, type ReasonValues, VALIDATION_REASON_CODES } from '@hoppa/core';
import type { TFunction } from 'i18next';

/** A reason as a report of the API sends it (ADR 0119 §3): a `code` with its `values`, and the English `reason`. */
export interface CodedIssue {
  code?: string;
  values?: ReasonValues;
  reason: string;
}

/**
 * A coded reason in the UI's language (ADR 0119 §3), the one way both apps word the API's codes: the text
 * `<prefix>.<code>` of `t`'s namespace, else the shared `common:reasons.<code>` (a 400's validation refusals, core
 * `VALIDATION_REASON_CODES`, worded once in @hoppa/web's texts), with the issue's `values` (and `opts.values`, e.g.
 * a field by its label; `opts.key` names another text of the code). A value's `expected` kind or named `format`
 * (`wrong_type`, `format_invalid`) picks the text's variant `<code>_<kind>` (i18next's context), the bare `<code>`
 * text when there is none. A code that `codes` does not list (a newer API's), an issue without one, or a code whose
 * text is not there (the shared refusal texts still on their way: @hoppa/web `loadReasonTexts`) shows the API's
 * English `reason`.
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
  const key = opts.key ?? issue.code;
  return t([`${prefix}.${key}`, `common:reasons.${key}`], {
    ...issue.values,
    ...opts.values,
    ...(context ? { context } : {}),
    defaultValue: issue.reason,
  });
}

/** One issue of a problem body (core `ProblemSchema`): the dotted `path` (`body.products.0.ean`) and its message. */
type ProblemIssue = NonNullable<Problem['issues']>[number];

/** The request part a path starts with (the API's `validationProblem`: `body`, `query`, `params`, `headers`). */
const PARTS = new Set(['body', 'query', 'params', 'headers']);

/**
 * The name of the field an issue is about, as the user reads it: the shared name of its key (`values.field`, else
 * the path's last key that is no list position) from `common:fields` (@hoppa/web `FIELD_NAMES`), with its place in
 * a list (`EAN (item 2)` for `body.products.1.ean`); a key the table lacks (or the table not there yet:
 * `loadReasonTexts`) gives the raw path as the server writes it (`body.` left off: `products.1.foo`).
 */
export function fieldLabel(t: TFunction, path: string, field?: string): string {
  const keys = path.split('.');
  if (PARTS.has(keys[0] ?? '')) keys.shift();
  const name = field ?? keys.findLast((k) => !/^\d+$/.test(k));
  const label = name && FIELD_KEY.test(name) ? t(`common:fields.${name}`, { defaultValue: '' }) : '';
  if (!label) return rawPath(path);
  const position = keys.findLast((k) => /^\d+$/.test(k));
  return position === undefined
    ? label
    : t('common:fieldAt', { field: label, position: Number(position) + 1 });
}

/** A key that can name a field of `common:fields` (no i18next separators: `.` and `:`). */
const FIELD_KEY = /^[\w-]+$/;

/** A path as the server's message writes it: a body's fields without `body.` (`password`), other parts whole. */
function rawPath(path: string): string {
  return path === 'body' ? path : path.replace(/^body\./, '');
}

/**
 * A 400's field issues in the UI's language (ADR 0125; spec 1 §8 shows a 400's body, here worded for the user):
 * each issue with a validation code (core `VALIDATION_REASON_CODES`) by the shared `common:reasons` text, its field
 * named by {@link fieldLabel} and a rule's second field (`values.other`) the same way; an issue without one (or with
 * another code) as the server wrote it (`field: message`); joined by '; ' as the server's message joins them. An
 * issue of a whole request part (path `body`, no field: a bare list too long) reads the text's `_whole` variant, an
 * issue without a `value` its `_none` variant, where the code has one (ADR 0127). Null when `error` is no 400 or none
 * of its issues has such a code, so the caller shows the server's message as is.
 */
export function codedProblemText(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as { issues?: unknown } | null;
  const issues = Array.isArray(body?.issues) ? (body.issues as ProblemIssue[]) : [];
  const shared: readonly string[] = VALIDATION_REASON_CODES;
  const valid = issues.filter((i) => i && typeof i.path === 'string' && typeof i.message === 'string');
  if (!valid.some((i) => i.code && shared.includes(i.code))) return null;
  return valid
    .map((i) => {
      const reason = i.path === 'body' ? i.message : `${rawPath(i.path)}: ${i.message}`;
      return codedReasonText(
        t,
        'common:reasons',
        shared,
        { code: i.code, values: i.values, reason },
        { values: { ...issueNames(t, i), context: issueContext(i) } },
      );
    })
    .join('; ');
}

/** The names an issue's text reads: its `field` and a rule's `other` field, by {@link fieldLabel}. */
function issueNames(t: TFunction, issue: ProblemIssue): { field: string; other?: string } {
  const other = issue.values?.other;
  return {
    field: fieldLabel(t, issue.path, issue.values?.field),
    ...(other ? { other: fieldLabel(t, other, other) } : {}),
  };
}

/**
 * The variant of an issue's text: `whole` for an issue of a whole request part (no field in its path or values),
 * `none` for one without a `value`; undefined otherwise. A named kind or format (`expected`, `format`) takes
 * precedence in {@link codedReasonText}.
 */
function issueContext(issue: ProblemIssue): 'whole' | 'none' | undefined {
  const keys = issue.path.split('.');
  if (PARTS.has(keys[0] ?? '')) keys.shift();
  if (!issue.values?.field && !keys.some((k) => !/^\d+$/.test(k))) return 'whole';
  return issue.values?.value === undefined ? 'none' : undefined;
}
