import { fireEvent, screen } from '@testing-library/react';
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
});
