import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUrlText } from './url-text.ts';

const trim = (s: string) => s.trim();

describe('useUrlText (a list search kept in the URL)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the typed text once typing pauses, trimmed, and not what the URL already has', () => {
    const commit = vi.fn();
    const { result, rerender } = renderHook(({ url }) => useUrlText(url, commit, { normalise: trim }), {
      initialProps: { url: '' },
    });
    act(() => result.current[1]('ab'));
    act(() => vi.advanceTimersByTime(100));
    act(() => result.current[1]('abc '));
    act(() => vi.advanceTimersByTime(299));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit.mock.calls).toEqual([['abc']]);
    rerender({ url: 'abc' });
    expect(result.current[0]).toBe('abc ');
    act(() => vi.advanceTimersByTime(1000));
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('shows a URL value that changed by itself and does not write the text typed before back over it', () => {
    const commit = vi.fn();
    const { result, rerender } = renderHook(({ url }) => useUrlText(url, commit), {
      initialProps: { url: 'kiwi' },
    });
    act(() => result.current[1]('kiwi jaune'));
    act(() => vi.advanceTimersByTime(300));
    expect(commit.mock.calls).toEqual([['kiwi jaune']]);
    rerender({ url: 'kiwi jaune' });
    // The back button: the URL goes back to the earlier search while the field still shows the last one.
    rerender({ url: 'kiwi' });
    expect(result.current[0]).toBe('kiwi');
    act(() => vi.advanceTimersByTime(1000));
    expect(commit).toHaveBeenCalledTimes(1);
    // Typing goes on from there.
    act(() => result.current[1]('kiwi groen'));
    act(() => vi.advanceTimersByTime(300));
    expect(commit.mock.calls.at(-1)).toEqual(['kiwi groen']);
  });
});
