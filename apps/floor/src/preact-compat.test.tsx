// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Activity, useOptimistic, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      clicked {n}
    </button>
  );
}

function Panel({ open }: { open: boolean }) {
  return (
    <Activity mode={open ? 'visible' : 'hidden'}>
      <Counter />
    </Activity>
  );
}

function Shown({ value }: { value: string }) {
  const [shown] = useOptimistic(value);
  return <output>{shown}</output>;
}

describe('the React 19 exports packages/web/preact/compat.js adds to Preact (ADR 0056)', () => {
  afterEach(cleanup);

  it('Activity hides its children without unmounting them: their state survives', () => {
    const { rerender } = render(<Panel open />);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('clicked 1');
    rerender(<Panel open={false} />);
    const hidden = screen.getByText('clicked 1', { selector: 'button' });
    expect((hidden.parentElement as HTMLElement).style.display).toBe('none');
    rerender(<Panel open />);
    expect(screen.getByRole('button').textContent).toBe('clicked 1');
    expect((screen.getByRole('button').parentElement as HTMLElement).style.display).toBe('contents');
  });

  it('useOptimistic answers the state it is given', () => {
    const { rerender } = render(<Shown value="a" />);
    expect(screen.getByRole('status').textContent).toBe('a');
    rerender(<Shown value="b" />);
    expect(screen.getByRole('status').textContent).toBe('b');
  });
});
