import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render.tsx';
import { PageHeader } from './page-header.tsx';

/** The element around `text` that keeps it on one line (white-space: nowrap), or null. */
function noWrapAround(text: string): HTMLElement | null {
  let el: HTMLElement | null = screen.getByText(text, { exact: false, selector: 'span, h1, p, div' });
  while (el) {
    if (el.textContent?.includes(text) && el.style.whiteSpace === 'nowrap') return el;
    el = el.parentElement;
  }
  return null;
}

describe('PageHeader', () => {
  it('keeps a code in the title on one line, the words around it free to wrap', () => {
    renderUi(
      <PageHeader title="Inkomende zending IN-2026-0001" actions={<button type="button">QR-label</button>} />,
    );
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('Inkomende zending IN-2026-0001');
    const code = noWrapAround('IN-2026-0001');
    expect(code?.textContent).toBe('IN-2026-0001');
    // Only the code: the title's words may still wrap between them.
    expect(h1.style.whiteSpace).not.toBe('nowrap');
    expect(noWrapAround('Inkomende')).toBeNull();
  });

  it('keeps a date in the title whole, and leaves a title whose numbers cannot break inside as one text', () => {
    renderUi(<PageHeader title="Opslag 03-12-2026 13:40" />);
    expect(noWrapAround('03-12-2026')?.textContent).toBe('03-12-2026');
    renderUi(<PageHeader title="2 van 79 orders" />);
    expect(screen.getByText('2 van 79 orders').tagName).toBe('H1');
  });

  it('sizes the title block by the title alone, so actions wrap below a title that needs the room', () => {
    renderUi(
      <PageHeader title="Inbound IN-62D67FBA" description="Een lange regel uitleg" actions={<b>actie</b>} />,
    );
    // The description does not widen the block (its inline size is contained) and the block is not squeezed to a fixed
    // basis: it asks for the title's own width, and the actions move to the next line when both do not fit.
    const description = screen.getByText('Een lange regel uitleg');
    expect(description.style.contain).toBe('inline-size');
    const block = description.parentElement as HTMLElement;
    expect(block.style.flex).toBe('1 1 auto');
  });
});
