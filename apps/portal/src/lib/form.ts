/**
 * Glue between @mantine/form and i18next: form schemas (zod, checked with Mantine's `schemaResolver`)
 * carry i18n keys as messages ('common:validation.required'); `inputProps(form, t)` returns a
 * `getInputProps` that translates the error, so every field shows the message in the UI language.
 *
 * Validation timing (spec 2 §5 'validated after change and before submit'): a field is checked when
 * the user leaves it after changing it, its error clears while typing, and everything is checked on
 * submit. Merely passing through an empty field shows nothing: an error appearing on that blur would
 * push the submit button down between mouse-down and mouse-up and swallow the click.
 */
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { FocusEvent } from 'react';

/** Mantine form options shared by the portal's forms (see the file comment). */
export const FORM_VALIDATION_MODE = {
  validateInputOnBlur: false,
  clearInputErrorOnChange: true,
} as const;

// biome-ignore lint/suspicious/noExplicitAny: works for any form value shape
export function inputProps<F extends UseFormReturnType<any, any>>(form: F, t: TFunction) {
  return (path: Parameters<F['getInputProps']>[0], options?: Parameters<F['getInputProps']>[1]) => {
    const props = form.getInputProps(path, options);
    return {
      ...props,
      error: typeof props.error === 'string' ? t(props.error) : props.error,
      onBlur: (event: FocusEvent<HTMLElement>) => {
        props.onBlur?.(event);
        if (form.isDirty(path)) form.validateField(path);
      },
    };
  };
}
