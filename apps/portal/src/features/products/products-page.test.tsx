import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { ProductsPage } from './products-page.tsx';

describe('products list state in the URL (issue 6)', () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    stubPageRequest();
    vi.stubGlobal('fetch', async (req: Request) => {
      const url = new URL(req.url);
      calls.push(`${url.pathname}${url.search}`);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname.startsWith('/api/products/ean/')) return json({ products: [] });
      return json({ items: [], total: 120, skip: Number(url.searchParams.get('skip')), limit: 25 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the page and search a shared link names, and writes a new search back to the URL', async () => {
    const { router } = renderUi(<ProductsPage />, { path: '/products?q=8711&page=1' });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('8711');
    await waitFor(() => expect(calls).toContain('/api/products/ean/8711'));

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(calls.some((c) => c.startsWith('/api/products?') && c.includes('skip=0'))).toBe(true),
    );
  });

  it('asks the server for the page in the URL', async () => {
    renderUi(<ProductsPage />, { path: '/products?page=3' });
    await waitFor(() =>
      expect(calls.some((c) => c.startsWith('/api/products?') && c.includes('skip=50'))).toBe(true),
    );
  });
});
