import type { ReactNode } from 'react';
import { renderUi } from './render.tsx';

/** What {@link stableMarkup} leaves out or rewrites before it reads the markup. */
export interface StableMarkupOptions {
  /** Elements matching this selector are removed (e.g. a measured indicator). */
  remove?: string;
  /** Attributes left out everywhere (e.g. `data-initialized`). */
  dropAttributes?: readonly string[];
  /** A generated text (read from the rendered root, e.g. a radio group's name) replaced by `ID` in every attribute. */
  generated?: (root: HTMLElement) => string | null | undefined;
}

/**
 * The markup `ui` renders inside the portal's providers, with attributes and style declarations in a stable order, so
 * two components' output can be compared as text (the plain-markup twins of Mantine components, ADRs 0071 and 0087).
 */
export function stableMarkup(ui: ReactNode, opts: StableMarkupOptions = {}): string {
  const { container, unmount } = renderUi(<div data-probe="">{ui}</div>);
  const root = container.querySelector('[data-probe]') as HTMLElement;
  const generated = opts.generated?.(root) || null;
  if (opts.remove) for (const el of root.querySelectorAll(opts.remove)) el.remove();
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const attrs = [...el.attributes]
      .map((a) => [a.name, a.value] as const)
      .filter(([n]) => !opts.dropAttributes?.includes(n));
    for (const a of [...el.attributes]) el.removeAttribute(a.name);
    for (const [name, value] of attrs.sort(([a], [b]) => a.localeCompare(b)))
      el.setAttribute(
        name,
        name === 'style'
          ? value
              .split(';')
              .map((d) => d.trim())
              .filter(Boolean)
              .sort()
              .join('; ')
          : generated
            ? value.replaceAll(generated, 'ID')
            : value,
      );
  }
  const html = root.innerHTML;
  unmount();
  return html;
}
