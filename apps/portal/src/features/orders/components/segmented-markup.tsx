import { SegmentedControl } from '@mantine/core';
import { type CSSProperties, type ReactNode, useId } from 'react';

/** One choice of a {@link PlainSegmentedControl}: the value it sets and its visible label. */
export interface PlainSegment<V extends string> {
  value: V;
  label: string;
}

/**
 * Mantine's `<SegmentedControl size="xs" display="flex">` as plain elements: a `radiogroup` of native radio inputs with
 * the same classes, data attributes and CSS variables (segmented-markup.test.tsx compares them with Mantine's output).
 * Mantine's own control renders three times on mount (its labels' refs and its `initialized` flag are state) and its
 * floating indicator reads the layout of the page (`getBoundingClientRect`) in an effect and observes both elements'
 * sizes; on /orders that was part of the first render's task (issue 8, ADR 0087). Here the chosen segment's
 * background is Mantine's own static indicator (the active label's `::before`, which Mantine shows until its floating
 * indicator is measured), so it looks the same, without the slide between segments. Keyboard use is the browser's
 * radio group: arrow keys move and choose, Tab leaves.
 */
export function PlainSegmentedControl<V extends string>({
  value,
  onChange,
  data,
  'aria-label': ariaLabel,
}: {
  value: V;
  onChange: (value: V) => void;
  data: readonly PlainSegment<V>[];
  'aria-label': string;
}): ReactNode {
  const name = `mantine-${useId().replaceAll(':', '')}`;
  const c = SegmentedControl.classes;
  return (
    <div
      className={`${c.root} mantine-SegmentedControl-root`}
      data-size="xs"
      data-with-items-borders="true"
      role="radiogroup"
      aria-label={ariaLabel}
      style={
        {
          '--sc-padding': 'var(--sc-padding-xs)',
          '--sc-font-size': 'var(--mantine-font-size-xs)',
          '--sc-shadow': 'var(--mantine-shadow-xs)',
          display: 'flex',
        } as CSSProperties
      }
    >
      {data.map((item) => {
        const active = item.value === value;
        const id = `${name}-${item.value}`;
        return (
          <div
            key={item.value}
            className={`${c.control} mantine-SegmentedControl-control`}
            data-active={active || undefined}
          >
            <input
              className={`${c.input} mantine-SegmentedControl-input`}
              type="radio"
              name={name}
              value={item.value}
              id={id}
              checked={active}
              onChange={() => onChange(item.value)}
              data-focus-ring="auto"
            />
            <label
              className={`${c.label} mantine-SegmentedControl-label`}
              data-active={active || undefined}
              htmlFor={id}
            >
              <span className={`${c.innerLabel} mantine-SegmentedControl-innerLabel`}>{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
