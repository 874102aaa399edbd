import { ApiError } from '@hoppa/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render.tsx';
import { ErrorBanner, QueryState } from './error-banner.tsx';

const pending = { isPending: true, isError: false, error: null, data: undefined };
const failed = (error: Error) => ({ isPending: false, isError: true, error, data: undefined });
const done = <T,>(data: T) => ({ isPending: false, isError: false, error: null, data });

describe('QueryState and ErrorBanner', () => {
  it('shows a loading indicator while the query is pending', () => {
    renderUi(<QueryState query={pending}>{() => 'content'}</QueryState>, { path: '/orders' });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('content')).toBeNull();
  });

  it('replaces the loading indicator with the red banner when the query fails', () => {
    renderUi(
      <QueryState query={failed(new ApiError(500, undefined, 'boom'))}>{() => 'content'}</QueryState>,
      {
        path: '/orders',
      },
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong, please consult your logs');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders the children with the data once loaded', () => {
    renderUi(<QueryState query={done(7)}>{(n) => `count ${n}`}</QueryState>);
    expect(screen.getByText('count 7')).toBeTruthy();
  });

  it("shows the server's 400 message as is", () => {
    const err = new ApiError(
      400,
      { statusCode: 400, code: 'validation', message: 'Invalid EAN' },
      'Invalid EAN',
    );
    renderUi(<ErrorBanner error={err} />);
    expect(screen.getByRole('alert').textContent).toContain('Invalid EAN');
  });

  it('shows the Dutch unauthorized text for a 401', () => {
    renderUi(<ErrorBanner error={new ApiError(401, undefined, 'x')} />, { lang: 'nl', path: '/orders' });
    expect(screen.getByRole('alert').textContent).toContain('Je bent niet bevoegd voor deze actie');
  });

  it('shows no 401 banner on the root path', () => {
    renderUi(<ErrorBanner error={new ApiError(401, undefined, 'x')} />, { path: '/' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders nothing without an error', () => {
    renderUi(<ErrorBanner error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
