import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEditableElement, useScanListener } from './use-scan-listener.ts';

/** Types a code the way a keyboard-wedge scanner does: one keydown per character, then Enter. */
function scan(code: string, target: Element = document.body): boolean {
  let enterNotPrevented = true;
  // jsdom stamps events with Date.now(); a fixed clock makes the burst as fast as a scanner's
  // however busy the test machine is (the 200 ms reset is covered in core's buffer tests).
  const clock = vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
  act(() => {
    for (const key of code) fireEvent.keyDown(target, { key });
    enterNotPrevented = fireEvent.keyDown(target, { key: 'Enter' });
  });
  clock.mockRestore();
  return enterNotPrevented;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useScanListener (spec 1 §4 Open orders screen barcode scan)', () => {
  it('hands a scanned code to the handler and swallows its Enter', () => {
    const onScan = vi.fn();
    renderHook(() => useScanListener(onScan));
    const enterReachedPage = scan('8711100658108');
    expect(onScan).toHaveBeenCalledWith('8711100658108');
    expect(enterReachedPage).toBe(false);
  });

  it('does not submit 3 characters or fewer, and leaves that Enter alone', () => {
    const onScan = vi.fn();
    renderHook(() => useScanListener(onScan));
    expect(scan('123')).toBe(true);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('ignores typing in a writable field and reports the scanner as paused', () => {
    const onScan = vi.fn();
    const input = document.createElement('input');
    document.body.append(input);
    const { result } = renderHook(() => useScanListener(onScan));
    act(() => input.focus());
    expect(result.current.paused).toBe(true);
    scan('8711100658108', input);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('keeps scanning while a read-only select or a button has focus', () => {
    const onScan = vi.fn();
    const select = document.createElement('input');
    select.readOnly = true;
    const button = document.createElement('button');
    document.body.append(select, button);
    const { result } = renderHook(() => useScanListener(onScan));
    act(() => select.focus());
    expect(result.current.paused).toBe(false);
    scan('8710908972034', select);
    act(() => button.focus());
    const enterReachedButton = scan('8710400008682', button);
    expect(onScan.mock.calls).toEqual([['8710908972034'], ['8710400008682']]);
    expect(enterReachedButton).toBe(false);
  });

  it('passes modifier shortcuts through and stops listening when disabled', () => {
    const onScan = vi.fn();
    const { rerender } = renderHook(({ on }) => useScanListener(onScan, on), { initialProps: { on: true } });
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    act(() => {
      for (const key of '12345') fireEvent.keyDown(document.body, { key, ctrlKey: true });
      fireEvent.keyDown(document.body, { key: 'Enter' });
    });
    clock.mockRestore();
    expect(onScan).not.toHaveBeenCalled();
    rerender({ on: false });
    scan('8711100658108');
    expect(onScan).not.toHaveBeenCalled();
  });
});

describe('isEditableElement', () => {
  it('treats writable text fields as typing and buttons, read-only inputs and others as not', () => {
    expect(isEditableElement({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isEditableElement({ tagName: 'INPUT', type: 'datetime-local' })).toBe(true);
    expect(isEditableElement({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isEditableElement({ tagName: 'SELECT' })).toBe(true);
    expect(isEditableElement({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isEditableElement({ tagName: 'INPUT', type: 'text', readOnly: true })).toBe(false);
    expect(isEditableElement({ tagName: 'INPUT', type: 'text', disabled: true })).toBe(false);
    expect(isEditableElement({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isEditableElement({ tagName: 'BUTTON' })).toBe(false);
    expect(isEditableElement({ tagName: 'BODY' })).toBe(false);
    expect(isEditableElement(null)).toBe(false);
  });
});
