import { SegmentedControl } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stableMarkup } from '../../../test/markup.tsx';
import { renderUi } from '../../../test/render.tsx';
import { PlainSegmentedControl } from './segmented-markup.tsx';

/**
 * The markup `ui` renders inside the portal's providers: attributes and style declarations in a stable order, the
 * radio group's generated name and ids replaced by `ID`. Mantine's floating indicator (the `span` it measures into
 * place) and its `data-initialized` flag are left out: the plain control draws the static indicator Mantine shows
 * before them.
 */
function markup(ui: ReactNode): string {
  return stableMarkup(ui, {
    remove: `.${SegmentedControl.classes.indicator}`,
    dropAttributes: ['data-initialized'],
    generated: (root) => root.querySelector('input')?.getAttribute('name'),
  });
}

const DATA = [
  { value: 'all', label: 'All' },
  { value: '1', label: 'Single item' },
  { value: '2', label: 'Multiple items' },
] as const;

/** The control with its value in state, as the filter bar holds it. */
function Harness() {
  const [value, setValue] = useState<(typeof DATA)[number]['value']>('all');
  return <PlainSegmentedControl value={value} onChange={setValue} data={DATA} aria-label="Orders" />;
}

describe("the filter bar's plain segmented control (ADR 0087)", () => {
  it("renders what Mantine's SegmentedControl renders, without the floating indicator", () => {
    for (const value of ['all', '1', '2'] as const)
      expect(
        markup(<PlainSegmentedControl value={value} onChange={() => {}} data={DATA} aria-label="Orders" />),
      ).toBe(
        markup(
          <SegmentedControl
            size="xs"
            value={value}
            onChange={() => {}}
            data={[...DATA]}
            aria-label="Orders"
            display="flex"
          />,
        ),
      );
  });

  it('is a named radio group: a click chooses, only the chosen segment is marked active', () => {
    renderUi(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Orders' });
    expect(group).toBeTruthy();
    const single = screen.getByRole('radio', { name: 'Single item' }) as HTMLInputElement;
    expect((screen.getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(single);
    expect(single.checked).toBe(true);
    expect(single.closest('[data-active]')).not.toBeNull();
    expect(screen.getByText('All').closest('[data-active]')).toBeNull();
  });
});
