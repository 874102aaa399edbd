import { MantineProvider } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { ProductThumb } from './product-thumb.tsx';

const URL_OK = 'https://static.openfoodfacts.org/images/products/870/000/123/4016/front_fr.4.400.jpg';

describe('ProductThumb: product photo or placeholder', { timeout: 30_000 }, () => {
  it('shows the placeholder for a product without image URL', async () => {
    const { container } = renderUi(<ProductThumb src={null} noImage="No image" />);
    expect(await screen.findByRole('img', { name: 'No image' })).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the photo once it has loaded', async () => {
    const { container } = renderUi(<ProductThumb src={URL_OK} noImage="No image" />);
    await screen.findByTestId('product-image-placeholder');
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(URL_OK);
    fireEvent.load(img);
    expect(screen.queryByTestId('product-image-placeholder')).toBeNull();
    expect(img.style.opacity).toBe('1');
  });

  it('falls back to the placeholder when the photo cannot load', async () => {
    const { container } = renderUi(
      <ProductThumb src="https://unreachable.example/a.jpg" noImage="No image" />,
    );
    await screen.findByTestId('product-image-placeholder');
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(screen.getByRole('img', { name: 'No image' })).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows a photo that loaded before its first paint ended (a cached photo), not the placeholder', async () => {
    // Mounted as the app mounts it (no act(), which runs effects at once), the photo's load event the moment the
    // img is in the document: before React's effects of that render have run.
    const container = document.createElement('div');
    document.body.append(container);
    const observer = new MutationObserver(() => {
      const img = container.querySelector('img');
      if (img) {
        observer.disconnect();
        img.dispatchEvent(new Event('load'));
      }
    });
    observer.observe(container, { childList: true, subtree: true });
    const root = createRoot(container);
    root.render(
      <MantineProvider>
        <ProductThumb src={URL_OK} noImage="No image" />
      </MantineProvider>,
    );
    await new Promise((done) => setTimeout(done, 200));
    expect(container.querySelector('[data-state]')?.getAttribute('data-state')).toBe('loaded');
    expect(container.querySelector('img')?.style.opacity).toBe('1');
    act(() => root.unmount());
    container.remove();
  });
});
