import { Badge, Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

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

/** Mantine's `<Badge variant color size tt>`: filled (the default), light or outline. */
export function CardBadge({
  variant,
  color,
  size,
  plainCase,
  labelStyle,
  title,
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
        } as CSSProperties
      }
    >
      <span className={`${Badge.classes.label} mantine-Badge-label`} style={labelStyle}>
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
export function CardTr({ style, children }: { style?: CSSProperties; children: ReactNode }): ReactNode {
  return (
    <tr className={`${Table.classes.tr} mantine-Table-tr`} data-with-row-border="true" style={style}>
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
