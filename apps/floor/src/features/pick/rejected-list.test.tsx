// @vitest-environment jsdom
import '../../test/dom-setup.ts';
import { cleanup, render } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RejectedList } from './rejected-list.tsx';

afterEach(cleanup);

describe('RejectedList (ADR 0078)', () => {
  it('renders and translates nothing without rows', () => {
    const t = vi.fn((key: string) => key) as unknown as TFunction<'pick', undefined>;
    const { container } = render(<RejectedList rows={[]} onDismiss={() => undefined} t={t} />);
    expect(container.innerHTML).toBe('');
    expect(t).not.toHaveBeenCalled();
  });
});
