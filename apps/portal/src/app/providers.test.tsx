import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render.tsx';

describe('AppProviders toasts (Mantine notifications, the container loaded with the first toast; ADR 0071)', () => {
  it('mounts no container before the first toast, then shows that toast and the next ones', async () => {
    renderUi(<p>screen</p>);
    expect(screen.getByText('screen')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      notifications.show({ message: 'Organisation switched' });
    });
    expect(await screen.findByText('Organisation switched')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
    act(() => {
      notifications.show({ color: 'red', message: 'Could not save' });
    });
    expect(await screen.findByText('Could not save')).toBeTruthy();
  });
});

describe('AppProviders colour scheme (always light, kept nowhere; ADR 0113)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders in the light scheme without asking localStorage', () => {
    const read = vi.spyOn(Storage.prototype, 'getItem');
    renderUi(<p>screen</p>);
    expect(screen.getByText('screen')).toBeTruthy();
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    // Mantine's default manager reads `mantine-color-scheme-value` while the provider first renders.
    expect(read.mock.calls.map(([key]) => key)).not.toContain('mantine-color-scheme-value');
  });
});
