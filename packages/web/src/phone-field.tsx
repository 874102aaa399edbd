import {
  internationalPhone,
  isValidPhone,
  PHONE_COUNTRIES,
  type PhoneCountry,
  phoneCountryOf,
  splitPhone,
} from '@hoppa/core';
import { Input, type MantineSize, NativeSelect } from '@mantine/core';
import { type FocusEventHandler, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PhoneFieldProps {
  label: ReactNode;
  /** The stored number: international (`+31 6 1234 5678`), as an import left it (`0470 12 34 56`), or empty. */
  value?: string;
  /**
   * The country of the address the number belongs to (ISO 3166, e.g. `BE`): the country shown for a stored number
   * without a calling code (an imported Belgian order's `0470 12 34 56`), so that editing it keeps it Belgian. The
   * default (nl) when not given or not offered.
   */
  addressCountry?: string;
  /** Called with the international form of what is typed (empty stays empty). */
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLElement>;
  onFocus?: FocusEventHandler<HTMLElement>;
  name?: string;
  /** The form's error for the field (e.g. from `useZodForm`); else the field checks the rule itself on blur. */
  error?: ReactNode;
  required?: boolean;
  description?: ReactNode;
  disabled?: boolean;
  /** Accessible name of the country select; the label's text when not given. */
  countryLabel?: string;
  /** Mantine size of both inputs: the portal's default `sm`, the floor's `lg` (gloved fingers). */
  size?: MantineSize;
  autoFocus?: boolean;
  'data-testid'?: string;
}

/**
 * The phone field of spec 3 §5 and §9, for every phone input of both apps (ADR 0057): a country select (default nl, with nl,
 * be and de first) and the number as the person types it; the form receives the international form (core
 * `internationalPhone`: `06 1234 5678` in nl → `+31 6 1234 5678`), which core's `isValidPhone` checks ('Please enter a
 * valid phone number'; empty is valid). Works with a Mantine form's `getInputProps('phone')`.
 */
export function PhoneField({
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  error,
  required,
  description,
  disabled,
  countryLabel,
  addressCountry,
  name,
  size,
  autoFocus,
  'data-testid': testId,
}: PhoneFieldProps): ReactNode {
  const { t } = useTranslation('common');
  const fallback = phoneCountryOf(addressCountry);
  const [country, setCountry] = useState<PhoneCountry>(() => splitPhone(value ?? '', fallback).country);
  const [typed, setTyped] = useState(() => splitPhone(value ?? '', fallback).national);
  const [touched, setTouched] = useState(false);
  // A value set from outside (a form reset, a loaded record) replaces what is shown; a number without a calling code
  // follows the address's country as it changes.
  useEffect(() => {
    const stored = value ?? '';
    if (internationalPhone(country, typed) === stored) return;
    const s = splitPhone(stored, fallback);
    if (s.country !== country || s.national !== typed) {
      setCountry(s.country);
      setTyped(s.national);
    }
  }, [value, country, typed, fallback]);
  const own =
    touched && !isValidPhone(internationalPhone(country, typed)) ? t('validation.phone') : undefined;
  const id = useId();
  const shownError = error ?? own;
  return (
    // The label, description and error belong to the whole row, aligned with the form's other labels (above the number
    // alone it stood indented, as if centred; ADR 0142); the label still names the number input (`htmlFor`).
    <Input.Wrapper
      id={id}
      label={label}
      required={required}
      description={description}
      error={shownError}
      size={size}
    >
      {/* A plain flex row, not Mantine's Group: Group alone would become a chunk of the floor's first load (ADR 0057).
          The row never grows past its container (min-width 0) and the number takes what the fixed-width country
          select leaves: without it the input's own minimum width pushed the row out of a 360 px screen. */}
      <div
        data-phone-field=""
        style={{ display: 'flex', gap: 6, alignItems: 'flex-start', minWidth: 0, maxWidth: '100%' }}
      >
        <NativeSelect
          aria-label={
            countryLabel ??
            (typeof label === 'string' ? `${label}: ${t('phone.country')}` : t('phone.country'))
          }
          data={PHONE_COUNTRIES.map((c) => ({ value: c.code, label: `${c.code.toUpperCase()} +${c.dial}` }))}
          value={country}
          disabled={disabled}
          size={size}
          w={size === 'lg' ? 132 : 112}
          style={{ flex: 'none' }}
          onChange={(e) => {
            const next = e.currentTarget.value as PhoneCountry;
            setCountry(next);
            onChange(internationalPhone(next, typed));
          }}
        />
        <Input
          id={id}
          style={{ flex: 1, minWidth: 0 }}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required={required}
          disabled={disabled}
          value={typed}
          size={size}
          autoFocus={autoFocus}
          error={Boolean(shownError)}
          aria-describedby={shownError ? `${id}-error` : description ? `${id}-description` : undefined}
          data-testid={testId}
          name={name}
          onFocus={onFocus}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setTyped(next);
            onChange(internationalPhone(country, next));
          }}
          onBlur={(e) => {
            setTouched(true);
            onBlur?.(e);
          }}
        />
      </div>
    </Input.Wrapper>
  );
}
