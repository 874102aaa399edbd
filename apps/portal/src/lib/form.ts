/**
 * Glue between @mantine/form and i18next: form schemas (zod, checked with Mantine's `schemaResolver`)
 * carry i18n keys as messages ('common:validation.required'); `inputProps(form, t)` returns a
 * `getInputProps` that translates the error, so every field shows the message in the UI language.
 * Forms validate a field when the user leaves it after a change, clear its error while typing, and
 * validate everything on submit (spec 2 §5 'validated after change and before submit').
 */
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';

/** Mantine form options shared by the portal's forms (see the file comment). */
export const FORM_VALIDATION_MODE = {
  validateInputOnBlur: true,
  clearInputErrorOnChange: true,
} as const;

// biome-ignore lint/suspicious/noExplicitAny: works for any form value shape
export function inputProps<F extends UseFormReturnType<any, any>>(form: F, t: TFunction) {
  return (path: Parameters<F['getInputProps']>[0], options?: Parameters<F['getInputProps']>[1]) => {
    const props = form.getInputProps(path, options);
    return { ...props, error: typeof props.error === 'string' ? t(props.error) : props.error };
  };
}
