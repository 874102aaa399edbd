/**
 * The forms of both apps: @mantine/form state checked against a core request schema with core's `formProblems`
 * (spec 2 §5), so a form refuses exactly what the server refuses and shows each problem in the UI language
 * (`common:validation.<code>`, the bound as `{{limit}}`).
 *
 * Timing (spec 2 §5 'validated after change and before submit'): a field is checked when the user leaves it after
 * changing it, its message clears while typing, and every field is checked on submit. Merely passing through an
 * empty field shows nothing: a message appearing on that blur would push the submit button down between
 * finger-down and finger-up and swallow the tap.
 */
import { type FormProblems, formProblems } from '@hoppa/core';
import { useForm } from '@mantine/form';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** Form values: one string per field. */
type Values<K extends string> = Record<K, string>;

/**
 * A Mantine form over `initialValues`, validated with `schema` (a core request body schema, or any zod object of
 * string fields). Returns the Mantine form, `field(name)` (the props of a Mantine input: value, onChange, onBlur
 * with the timing above, and the translated error) and `onSubmit(handler)`, which calls the handler with the
 * values only when every field passes.
 */
export function useZodForm<K extends string>(schema: z.ZodObject, initialValues: Values<K>) {
  return useCheckedForm<K>(
    (values) => formProblems(schema, values as never) as FormProblems<K>,
    initialValues,
  );
}

/**
 * {@link useZodForm} with the check given as a function: `check(values)` answers each failing field's problem (core's
 * `FormProblems`, as `formProblems` does for a schema). For a form on a first screen that must not load zod (the
 * floor's login, ADR 0069): the check is then a hand-written copy of the schema's rules, tested against it.
 */
export function useCheckedForm<K extends string>(
  check: (values: Values<K>) => FormProblems<K>,
  initialValues: Values<K>,
) {
  const { t } = useTranslation('common');
  const form = useForm<Values<K>>({
    mode: 'controlled',
    initialValues,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
    validate: (values) => {
      const problems = check(values);
      const errors: Partial<Record<K, string>> = {};
      for (const [name, p] of Object.entries(problems) as [K, NonNullable<FormProblems<K>[K]>][]) {
        errors[name] = t(`common:validation.${p.code}`, { limit: p.limit, defaultValue: p.message });
      }
      return errors;
    },
  });

  function field(name: K) {
    // Without Mantine's `onFocus`, which only marks the field touched (a state nobody here reads) and so re-rendered the
    // whole form when a field took the focus: on the floor's login an autofocused field cost a render of the form in
    // its first frame (ADR 0110). Touched still follows a change (Mantine's `touchTrigger: 'change'`).
    const { onFocus: _touchOnFocus, ...props } = form.getInputProps(name);
    return {
      ...props,
      name,
      onBlur: (event: FocusEvent<HTMLElement>) => {
        props.onBlur?.(event);
        if (form.isDirty(name)) form.validateField(name);
      },
    };
  }

  return { form, field, onSubmit: form.onSubmit };
}
