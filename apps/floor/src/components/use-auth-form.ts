import type { AuthFieldProblem, AuthFormErrors } from '@hoppa/core';
import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Props a text field of an account form gets from {@link useAuthForm}. */
export interface AuthFieldProps {
  name: string;
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement>): void;
  onBlur(): void;
  error: string | undefined;
}

/**
 * State and validation of the sign-up, login and reset forms (spec 2 §5 'validated after change and
 * before submit'), with the rules of core's auth.rules.ts. A field is checked when the user leaves it
 * after changing it, its message clears while typing, and every field is checked on submit. Leaving a
 * field that was never changed shows nothing: a message appearing on that blur would push the submit
 * button down between finger-down and finger-up and swallow the tap.
 */
export function useAuthForm<K extends string>(
  initial: Record<K, string>,
  validate: (values: Record<K, string>) => AuthFormErrors<K>,
) {
  const { t } = useTranslation('common');
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<AuthFormErrors<K>>({});
  // read by blur handlers, which may run before React has re-rendered with the last keystroke
  const latest = useRef(values);
  const changed = useRef(new Set<K>());

  const text = useCallback(
    (p: AuthFieldProblem | undefined) =>
      p ? t(`validation.${p.code}`, { limit: p.limit, defaultValue: p.message }) : undefined,
    [t],
  );

  function field(name: K): AuthFieldProps {
    return {
      name,
      value: values[name],
      onChange(e) {
        const value = e.currentTarget.value;
        latest.current = { ...latest.current, [name]: value };
        changed.current.add(name);
        setValues(latest.current);
        setErrors((prev) => {
          if (!(name in prev)) return prev;
          const next = { ...prev };
          delete next[name];
          return next;
        });
      },
      onBlur() {
        if (!changed.current.has(name)) return;
        const problem = validate(latest.current)[name];
        setErrors((prev) => {
          const next = { ...prev };
          if (problem) next[name] = problem;
          else delete next[name];
          return next;
        });
      },
      error: text(errors[name]),
    };
  }

  /** A form `onSubmit`: checks every field and calls `onValid` only when all pass. */
  function onSubmit(onValid: (values: Record<K, string>) => void) {
    return (e: FormEvent) => {
      e.preventDefault();
      const all = validate(latest.current);
      setErrors(all);
      if (Object.keys(all).length === 0) onValid(latest.current);
    };
  }

  return { values, field, onSubmit };
}

/** Router state `notice` after a password reset: the login screen then says the password was changed. */
export const PASSWORD_CHANGED_NOTICE = 'passwordChanged';
