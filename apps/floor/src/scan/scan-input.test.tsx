// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScanInput, type ScanInputHandle } from './scan-input.tsx';

/**
 * Presses `code` and Enter on the page's body (the focus left the scan field, e.g. after a tap on a button), each
 * keydown stamped `gapMs` after the previous one, while the page's clock (`performance.now()`) moves `handlerGapMs`
 * between handler runs: a busy main thread runs the handlers of keys that arrived together far apart.
 */
function pressOnBody(code: string, gapMs: number, handlerGapMs: number) {
  let stamp = 1_000;
  let clock = 1_000;
  const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
  try {
    for (const key of [...code, 'Enter']) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: stamp });
      document.body.dispatchEvent(event);
      stamp += gapMs;
      clock += handlerGapMs;
    }
  } finally {
    now.mockRestore();
  }
}

function renderScanInput() {
  const onScan = vi.fn<(raw: string) => void>();
  render(<ScanInput onScan={onScan} manual={false} label="Scan" placeholder="Scan a barcode" />);
  // the field takes the focus on mount; a tap elsewhere moves it to the body
  (document.activeElement as HTMLElement | null)?.blur();
  return onScan;
}

describe('ScanInput outside its field', () => {
  afterEach(cleanup);

  it('takes a scanner burst as one scan by the keys’ own times, however late their handlers run', () => {
    const onScan = renderScanInput();
    // keys 5 ms apart (a wedge scanner), handlers 300 ms apart (a renderer busy with a long task)
    pressOnBody('8710398500014', 5, 300);
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(onScan).toHaveBeenCalledWith('8710398500014');
  });

  it('does not take a person’s slow typing on the page as a scan', () => {
    const onScan = renderScanInput();
    // keys 400 ms apart (over the 250 ms reset), handlers run at once
    pressOnBody('8710398500014', 400, 0);
    expect(onScan).not.toHaveBeenCalled();
  });
});

describe('ScanInput reclaim (a download that finished)', () => {
  afterEach(cleanup);

  function renderWithHandle(active: boolean) {
    const handle: { current: ScanInputHandle | null } = { current: null };
    render(
      <>
        <ScanInput
          ref={handle}
          onScan={() => undefined}
          manual={false}
          label="Scan"
          placeholder="Scan"
          active={active}
        />
        <input aria-label="Ordernummer" />
        <button type="button">Elders</button>
        <div role="dialog">
          <button type="button">Sluiten</button>
        </div>
      </>,
    );
    return handle;
  }

  it('takes the focus back from a button outside a dialog', () => {
    const handle = renderWithHandle(true);
    screen.getByRole('button', { name: 'Elders' }).focus();
    handle.current?.reclaim();
    expect(document.activeElement).toBe(screen.getByLabelText('Scan'));
  });

  it('leaves the focus in another text field and in a dialog', () => {
    const handle = renderWithHandle(true);
    const other = screen.getByLabelText('Ordernummer');
    other.focus();
    handle.current?.reclaim();
    expect(document.activeElement).toBe(other);
    const close = screen.getByRole('button', { name: 'Sluiten' });
    close.focus();
    handle.current?.reclaim();
    expect(document.activeElement).toBe(close);
  });

  it('leaves the focus alone while the field is inactive (a dialog of the screen is open)', () => {
    const handle = renderWithHandle(false);
    const elsewhere = screen.getByRole('button', { name: 'Elders' });
    elsewhere.focus();
    handle.current?.reclaim();
    expect(document.activeElement).toBe(elsewhere);
  });
});
