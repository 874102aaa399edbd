import { Badge, Button, Input, Table, Text, UnstyledButton } from '@mantine/core';
import {
  type ChangeEventHandler,
  type CSSProperties,
  type FocusEventHandler,
  type KeyboardEventHandler,
  type MouseEventHandler,
  type ReactNode,
  useId,
} from 'react';

/**
 * Mantine's markup for the order card's static parts, written as plain elements: the same classes, data attributes and
 * CSS variables that Mantine's `Text`, `Badge` and `Table.Tr`/`Th`/`Td` render (card-markup.test.tsx compares them
 * with Mantine's own output), without each component's props, theme and styles resolution. The board renders up to
 * 500 cards with some twenty of these each; as components they were a good part of its render (issue 8, ADR 0071).
 * Only the props the card uses are supported; anything interactive stays a Mantine component.
 */

type Size = 'xs' | 'sm' | 'md' | 'lg';
/** A Mantine colour as the card writes it: 'dimmed', a palette name ('red') or a shade ('violet.8'). */
type Color = string;

/** The CSS value of a Mantine colour: 'dimmed' → var(--mantine-color-dimmed), 'violet.8' → var(--mantine-color-violet-8). */
function colorVar(c: Color): string {
  return `var(--mantine-color-${c.replace('.', '-')})`;
}

/** Mantine's `<Text size c fw>` as a paragraph. */
export function CardText({
  size,
  c,
  fw,
  title,
  style,
  children,
}: {
  size: Size;
  c?: Color;
  fw?: number;
  title?: string;
  style?: CSSProperties;
  children: ReactNode;
}): ReactNode {
  return (
    <p
      className={`mantine-focus-auto ${Text.classes.root} mantine-Text-root`}
      data-size={size}
      title={title}
      style={
        {
          '--text-fz': `var(--mantine-font-size-${size})`,
          '--text-lh': `var(--mantine-line-height-${size})`,
          ...(c ? { color: colorVar(c) } : {}),
          ...(fw !== undefined ? { fontWeight: fw } : {}),
          ...style,
        } as CSSProperties
      }
    >
      {children}
    </p>
  );
}

const BORDER = 'calc(0.0625rem * var(--mantine-scale))';

/** A wrapping badge's root: as high as its lines, a little air above and below them, rounded corners (not a pill). */
const WRAPPED_ROOT = {
  height: 'auto',
  minHeight: 'var(--badge-height)',
  paddingBlock: 2,
  '--badge-radius': 'var(--mantine-radius-md)',
} as CSSProperties;
/** A wrapping badge's label: whole words on as many lines as needed, centred, nothing cut. */
const WRAPPED_LABEL: CSSProperties = {
  whiteSpace: 'normal',
  overflow: 'visible',
  textOverflow: 'clip',
  textAlign: 'center',
  lineHeight: 1.3,
};

/** Mantine's `<Badge variant color size tt>`: filled (the default), light or outline. */
export function CardBadge({
  variant,
  color,
  size,
  plainCase,
  labelStyle,
  title,
  wrap,
  children,
}: {
  /** Left out: Mantine's default (filled) without its data attribute, as `<Badge>` renders it. */
  variant?: 'filled' | 'light' | 'outline';
  color: string;
  size?: Size;
  /** `tt="none"`: the label keeps its case. */
  plainCase?: boolean;
  labelStyle?: CSSProperties;
  title?: string;
  /**
   * The label wraps onto more lines instead of being cut with an ellipsis (Mantine's badge is one line of a fixed
   * height): for a sentence in a narrow card ('Bevat gescand product' at 1280 px).
   */
  wrap?: boolean;
  children: ReactNode;
}): ReactNode {
  const look = variant ?? 'filled';
  const colors =
    look === 'light'
      ? {
          bg: colorVar(`${color}-light`),
          fg: colorVar(`${color}-light-color`),
          bd: `${BORDER} solid transparent`,
        }
      : look === 'outline'
        ? {
            bg: 'transparent',
            fg: colorVar(`${color}-outline`),
            bd: `${BORDER} solid ${colorVar(`${color}-outline`)}`,
          }
        : {
            bg: colorVar(`${color}-filled`),
            fg: 'var(--mantine-color-white)',
            bd: `${BORDER} solid transparent`,
          };
  return (
    <div
      className={`${Badge.classes.root} mantine-Badge-root`}
      data-variant={variant}
      data-size={size}
      title={title}
      style={
        {
          ...(size
            ? {
                '--badge-height': `var(--badge-height-${size})`,
                '--badge-padding-x': `var(--badge-padding-x-${size})`,
                '--badge-fz': `var(--badge-fz-${size})`,
              }
            : {}),
          '--badge-bg': colors.bg,
          '--badge-color': colors.fg,
          '--badge-bd': colors.bd,
          ...(plainCase ? { textTransform: 'none' } : {}),
          ...(wrap ? WRAPPED_ROOT : {}),
        } as CSSProperties
      }
    >
      <span
        className={`${Badge.classes.label} mantine-Badge-label`}
        style={wrap ? { ...WRAPPED_LABEL, ...labelStyle } : labelStyle}
      >
        {children}
      </span>
    </div>
  );
}

/** Mantine's `Table.Thead` inside a `<Table>`. */
export function CardThead({ children }: { children: ReactNode }): ReactNode {
  return <thead className={`${Table.classes.thead} mantine-Table-thead`}>{children}</thead>;
}

/** Mantine's `Table.Tbody` inside a `<Table>`. */
export function CardTbody({ children }: { children: ReactNode }): ReactNode {
  return <tbody className={`${Table.classes.tbody} mantine-Table-tbody`}>{children}</tbody>;
}

/** Mantine's `Table.Tr` of a table with its default row borders. */
export function CardTr({
  style,
  children,
  'aria-disabled': disabled,
}: {
  style?: CSSProperties;
  children: ReactNode;
  /** An inactive row (a line with a cancellation request, spec 1 §4). */
  'aria-disabled'?: boolean;
}): ReactNode {
  return (
    <tr
      className={`${Table.classes.tr} mantine-Table-tr`}
      data-with-row-border="true"
      style={style}
      aria-disabled={disabled}
    >
      {children}
    </tr>
  );
}

/** Mantine's `Table.Th`; `ta` aligns the text, `style` as given. */
export function CardTh({
  ta,
  style,
  children,
}: {
  ta?: 'right';
  style?: CSSProperties;
  children: ReactNode;
}): ReactNode {
  return (
    <th className={`${Table.classes.th} mantine-Table-th`} style={ta ? { ...style, textAlign: ta } : style}>
      {children}
    </th>
  );
}

/** Mantine's `Table.Td` with the style props the card uses: `ta`, `fw`, `ff="monospace"`, `fz`. */
export function CardTd({
  ta,
  fw,
  monospace,
  fz,
  style,
  children,
}: {
  ta?: 'right';
  fw?: number;
  monospace?: boolean;
  fz?: Size;
  style?: CSSProperties;
  children: ReactNode;
}): ReactNode {
  const props: CSSProperties = {
    ...style,
    ...(monospace ? { fontFamily: 'var(--mantine-font-family-monospace)' } : {}),
    ...(fz ? { fontSize: `var(--mantine-font-size-${fz})` } : {}),
    ...(fw !== undefined ? { fontWeight: fw } : {}),
    ...(ta ? { textAlign: ta } : {}),
  };
  return (
    <td
      className={`${Table.classes.td} mantine-Table-td`}
      style={Object.keys(props).length ? props : undefined}
    >
      {children}
    </td>
  );
}

/**
 * Mantine's `<Button size variant color leftSection disabled>` for a button that never shows a loader (no `loading`
 * prop: Mantine then renders no Transition either): `default` or `light`, in the theme's primary colour unless `color`
 * names another. The order card's P, note, attachments and bol.com label buttons (ADR 0109); a button that spins
 * while its call runs stays Mantine's `Button`.
 */
export function CardButton({
  size,
  variant,
  color = 'brand',
  leftSection,
  disabled,
  title,
  'aria-label': ariaLabel,
  onClick,
  children,
}: {
  size: 'compact-xs' | 'xs';
  variant: 'default' | 'light';
  color?: string;
  leftSection?: ReactNode;
  disabled?: boolean;
  title?: string;
  'aria-label'?: string;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  children: ReactNode;
}): ReactNode {
  const fz = size === 'compact-xs' ? 'xs' : size;
  const colors =
    variant === 'default'
      ? {
          '--button-bg': 'var(--mantine-color-default)',
          '--button-hover': 'var(--mantine-color-default-hover)',
          '--button-color': 'var(--mantine-color-default-color)',
          '--button-bd': `${BORDER} solid var(--mantine-color-default-border)`,
        }
      : {
          '--button-bg': colorVar(`${color}-light`),
          '--button-hover': colorVar(`${color}-light-hover`),
          '--button-color': colorVar(`${color}-light-color`),
          '--button-bd': `${BORDER} solid transparent`,
        };
  return (
    <button
      className={`mantine-focus-auto${disabled ? '' : ' mantine-active'} ${Button.classes.root} mantine-Button-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      data-with-left-section={leftSection ? true : undefined}
      type="button"
      disabled={disabled}
      title={title}
      aria-label={ariaLabel}
      onClick={onClick}
      style={
        {
          '--button-height': `var(--button-height-${size})`,
          '--button-padding-x': `var(--button-padding-x-${size})`,
          '--button-fz': `var(--mantine-font-size-${fz})`,
          ...colors,
        } as CSSProperties
      }
    >
      <span className={`${Button.classes.inner} mantine-Button-inner`}>
        {leftSection ? (
          <span className={`${Button.classes.section} mantine-Button-section`} data-position="left">
            {leftSection}
          </span>
        ) : null}
        <span className={`${Button.classes.label} mantine-Button-label`}>{children}</span>
      </span>
    </button>
  );
}

/** Mantine's chevron of a native select (`ComboboxChevron` at size xs). */
const CHEVRON_PATH =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';

/**
 * Mantine's input wrapper at size xs around `children` (the `<select>` or `<input>`): the label, the input's wrapper
 * with its CSS variables and, for a select, the chevron. `kind` names the component whose static class names Mantine
 * adds (`mantine-NativeSelect-*`, `mantine-TextInput-*`).
 */
function CardInputFrame({
  kind,
  id,
  label,
  disabled,
  style,
  children,
}: {
  kind: 'NativeSelect' | 'TextInput';
  id: string;
  label: string;
  disabled?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}): ReactNode {
  const select = kind === 'NativeSelect';
  return (
    <div
      className={`${Input.classes.root} mantine-InputWrapper-root mantine-${kind}-root`}
      data-size="xs"
      style={style}
    >
      <label
        className={`${Input.classes.label} mantine-InputWrapper-label mantine-${kind}-label`}
        data-size="xs"
        htmlFor={id}
        id={`${id}-label`}
        style={{ '--input-label-size': 'var(--mantine-font-size-xs)' } as CSSProperties}
      >
        {label}
      </label>
      <div
        className={`${Input.classes.wrapper} mantine-Input-wrapper mantine-${kind}-wrapper`}
        data-variant="default"
        data-size="xs"
        data-disabled={disabled || undefined}
        data-pointer={select || undefined}
        data-with-right-section={select || undefined}
        style={
          {
            '--input-height': 'var(--input-height-xs)',
            '--input-fz': 'var(--mantine-font-size-xs)',
            ...(select ? { '--input-right-section-pointer-events': 'none' } : {}),
          } as CSSProperties
        }
      >
        {children}
        {select ? (
          <div
            className={`${Input.classes.section} mantine-Input-section mantine-NativeSelect-section`}
            data-position="right"
          >
            {/* biome-ignore lint/a11y/noSvgWithoutTitle: the select's decorative chevron, written exactly as Mantine's ComboboxChevron (no title, no aria-hidden), so card-markup.test.tsx can compare it with Mantine's own output */}
            <svg
              className="m_2943220b mantine-ComboboxChevron-chevron"
              data-size="xs"
              data-combobox-chevron="true"
              viewBox="0 0 15 15"
              fill="none"
              xmlns="http://www.w3.org/2000/svg"
              style={{ '--combobox-chevron-size': 'var(--combobox-chevron-size-xs)' } as CSSProperties}
            >
              <path d={CHEVRON_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
            </svg>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Mantine's `<NativeSelect size="xs" label data value onChange disabled>`, written out (ADR 0109): the card's
 * shipment method and box. Mantine's input sets its random id in a layout effect after mounting, a second render of
 * every field of every card; here the id is React's own.
 */
export function CardNativeSelect({
  label,
  data,
  value,
  onChange,
  disabled,
  style,
}: {
  label: string;
  data: readonly { value: string; label: string; disabled?: boolean }[];
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  disabled?: boolean;
  /** On the root, as Mantine's `style` prop. */
  style?: CSSProperties;
}): ReactNode {
  const id = useId();
  return (
    <CardInputFrame kind="NativeSelect" id={id} label={label} disabled={disabled} style={style}>
      <select
        className={`${Input.classes.input} mantine-Input-input mantine-NativeSelect-input`}
        data-variant="default"
        data-disabled={disabled || undefined}
        id={id}
        value={value}
        onChange={onChange}
        disabled={disabled}
      >
        {data.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </CardInputFrame>
  );
}

/**
 * Mantine's `<TextInput size="xs" w={72} type="number" label …>`, written out (ADR 0109): the card's label count.
 * The input's own props are passed on as given.
 */
export function CardNumberInput({
  label,
  value,
  min,
  max,
  step,
  disabled,
  onChange,
  onBlur,
  onKeyDown,
}: {
  label: string;
  value: string;
  min: number;
  max: number;
  step: number;
  disabled?: boolean;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
  onKeyDown: KeyboardEventHandler<HTMLInputElement>;
}): ReactNode {
  const id = useId();
  return (
    <CardInputFrame
      kind="TextInput"
      id={id}
      label={label}
      disabled={disabled}
      style={{ width: 'calc(4.5rem * var(--mantine-scale))' }}
    >
      <input
        className={`${Input.classes.input} mantine-Input-input mantine-TextInput-input`}
        data-variant="default"
        data-disabled={disabled || undefined}
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        disabled={disabled}
      />
    </CardInputFrame>
  );
}
