import { type FieldProblem, type FieldProblemCode, type FormProblems, fieldProblemText } from '@hoppa/core';

/** The login form's fields (spec 2 §5: email and password). */
export type LoginField = 'email' | 'password';

/** Most characters of the email address (core `LoginBodySchema`: a bounded text of 254). */
const EMAIL_MAX = 254;
/** Most characters of the password (core `LoginBodySchema`). */
const PASSWORD_MAX = 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problem(code: FieldProblemCode, limit?: number): FieldProblem {
  return limit === undefined
    ? { code, message: fieldProblemText(code) }
    : { code, limit, message: fieldProblemText(code, limit) };
}

/**
 * The login form's check without zod (ADR 0069: the login screen is a first screen, and zod with the auth schemas is
 * 24 KB of gzip and two requests on its path). The same answers as core's `formProblems(LoginBodySchema, values)`,
 * which the API applies to `POST /login` (spec 2 §5): a blank field is `required`; the email address, trimmed, has at
 * most 254 characters (`too_long`) and no control characters or lone surrogates (`format`); the password at most
 * 1024 (`too_long`). login.rules.test.ts holds this to the schema, value by value.
 */
export function loginProblems(values: Partial<Record<LoginField, string>>): FormProblems<LoginField> {
  const out: FormProblems<LoginField> = {};
  const email = values.email ?? '';
  const trimmed = email.trim();
  if (trimmed === '') out.email = problem('required');
  else if (trimmed.length > EMAIL_MAX) out.email = problem('too_long', EMAIL_MAX);
  else if (CONTROL_SINGLE_LINE.test(trimmed) || LONE_SURROGATE.test(trimmed)) out.email = problem('format');
  const password = values.password ?? '';
  if (password.trim() === '') out.password = problem('required');
  else if (password.length > PASSWORD_MAX) out.password = problem('too_long', PASSWORD_MAX);
  return out;
}
