import type { CSSProperties } from 'react';
import { DateInput } from '../dates.ts';
import {
  DATE_FIELD_FORMAT,
  DATE_TIME_FIELD_FORMAT,
  DATE_VALUE_FORMAT,
  parseDateField,
  withKeptTime,
} from './date-field.rules.ts';

export interface DateFieldProps {
  label: string;
  /** 'YYYY-MM-DD HH:mm:ss' with `withTime`, else 'YYYY-MM-DD' (local time); '' or null when empty. */
  value: string | null;
  onChange: (value: string) => void;
  /** Show and edit the time too ('DD-MM-YYYY HH:mm', 24-hour clock). */
  withTime?: boolean;
  size?: 'xs' | 'sm' | 'md';
  w?: CSSProperties['width'];
  /** Greyed out and not editable, e.g. while a search ignores the period. */
  disabled?: boolean;
}

/**
 * A date (or date and time) field of a filter bar: Mantine's DateInput showing DD-MM-YYYY[ HH:mm]
 * (spec 1 §9) with a calendar in the UI language whose weeks start on Monday (DatesProvider in
 * app/providers.tsx). It is a real text input, so it can be typed in (Dutch order, or ISO such as
 * '2026-03-05T22:00'), and picking a day in the calendar keeps the time already set. Typing pauses
 * the packing-station scanner like any other field.
 */
export function DateField({
  label,
  value,
  onChange,
  withTime = false,
  size = 'xs',
  w,
  disabled = false,
}: DateFieldProps) {
  const current = value || null;
  return (
    <DateInput
      label={label}
      value={current}
      onChange={(next) => {
        const v = withTime ? withKeptTime(next, current) : next;
        if (v) onChange(withTime ? v : v.slice(0, DATE_VALUE_FORMAT.length));
      }}
      dateParser={parseDateField}
      valueFormat={withTime ? DATE_TIME_FIELD_FORMAT : DATE_FIELD_FORMAT}
      withTime={withTime}
      popoverProps={{ withinPortal: true, shadow: 'md' }}
      size={size}
      w={w}
      disabled={disabled}
    />
  );
}
