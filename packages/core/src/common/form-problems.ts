/**
 * Client-side checks of every form in both apps (spec 2 §5 'validated after change and before submit'). The
 * rules live once, in the zod schemas the API validates its requests with (sign-up, login and reset in
 * auth.schema.ts, a new organisation in orgs); a form runs its values through the same schema and each failing
 * field becomes a problem code the apps translate, with the spec's English text alongside ('This field is
 * required!', 'Invalid email address!', 'Minimum 6 characters'). `@hoppa/web`'s `useZodForm` does this for a
 * Mantine form.
 */
import type { z } from 'zod';

/**
 * Why a form field is not acceptable: empty (`required`), not an email address, not a phone number,
 * shorter or longer than allowed (`limit` holds the bound), or another format rule (`format`).
 */
export type FieldProblemCode = 'required' | 'email' | 'phone' | 'min_length' | 'too_long' | 'format';

/** One field's problem: its code, the bound for `min_length` / `too_long`, and the spec's English text. */
export interface FieldProblem {
  code: FieldProblemCode;
  /** Characters: the minimum for `min_length`, the maximum for `too_long`. */
  limit?: number;
  /** English text as the spec words it (spec 2 §5 generic messages). */
  message: string;
}

/** Problems per field name; a field without a problem is absent. */
export type FormProblems<K extends string> = Partial<Record<K, FieldProblem>>;

/** Form values as typed: every field a string, a missing one counts as empty. */
export type FormValues<K extends string> = Partial<Record<K, string>>;

/** The spec's English text for a problem (spec 2 §5: 'This field is required!', 'Minimum 6 characters'). */
export function fieldProblemText(code: FieldProblemCode, limit?: number): string {
  switch (code) {
    case 'required':
      return 'This field is required!';
    case 'email':
      return 'Invalid email address!';
    case 'phone':
      return 'Please enter a valid phone number';
    case 'min_length':
      return `Minimum ${limit} characters`;
    case 'too_long':
      return `Maximum ${limit} characters`;
    case 'format':
      return 'Invalid format!';
  }
}

function problem(code: FieldProblemCode, limit?: number): FieldProblem {
  return limit === undefined
    ? { code, message: fieldProblemText(code) }
    : { code, limit, message: fieldProblemText(code, limit) };
}

function problemOf(issue: z.core.$ZodIssue, field: string, value: string | undefined): FieldProblem {
  switch (issue.code) {
    case 'too_small':
      // Whatever the minimum, an empty field is simply missing.
      if (value === undefined || value.trim() === '') return problem('required');
      return problem('min_length', Number(issue.minimum));
    case 'too_big':
      return problem('too_long', Number(issue.maximum));
    case 'invalid_format':
      if (value === undefined || value.trim() === '') return problem('required');
      if (issue.format === 'email') return problem('email');
      return problem(field === 'phone' ? 'phone' : 'format');
    default:
      if (value === undefined || value.trim() === '') return problem('required');
      return problem(field === 'phone' ? 'phone' : 'format');
  }
}

/**
 * Checks form values against a request schema and returns the first problem of each field. A blank field counts
 * as absent: `required` when the schema needs it, fine when the field is optional. Fields the schema does not know
 * are ignored; an empty result means the values can be sent.
 */
export function formProblems<S extends z.ZodObject>(
  schema: S,
  values: FormValues<Extract<keyof z.input<S>, string>>,
): FormProblems<Extract<keyof z.input<S>, string>> {
  type K = Extract<keyof z.input<S>, string>;
  // An empty field is an absent one: a required field then fails as `required`, an optional one passes.
  const present = Object.fromEntries(
    Object.entries(values).filter(([, v]) => typeof v !== 'string' || v.trim() !== ''),
  );
  const result = schema.safeParse(present);
  const errors: FormProblems<K> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in errors) continue;
    errors[field as K] = problemOf(issue, field, values[field as K]);
  }
  return errors;
}
