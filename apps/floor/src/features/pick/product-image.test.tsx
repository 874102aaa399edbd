// @vitest-environment jsdom
import { act, fireEvent, render } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image.tsx';

const texts = { noImage: 'Geen afbeelding', credit: 'Foto: Open Food Facts' };
const PHOTO = 'https://static.openfoodfacts.org/images/products/1.jpg';

/** Waits past Preact's after-paint effects (`afterNextFrame`: a frame or 35 ms). */
const afterEffects = () => act(() => new Promise((done) => setTimeout(done, 60)));

describe('ProductImage (the pick card photo)', () => {
  it('shows a photo that loaded before the first paint ended (a cached photo), not the placeholder', async () => {
    // Mounted as the app mounts it (no act(), which runs effects at once): effects wait for the next paint.
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    root.render(<ProductImage src={PHOTO} alt="Hagelslag" texts={texts} />);
    await Promise.resolve();
    const img = container.querySelector('img');
    if (!img) throw new Error('no img');
    // The photo comes from the cache at once: its load event before the component's effects have run.
    img.dispatchEvent(new Event('load'));
    await new Promise((done) => setTimeout(done, 100));
    expect(container.querySelector('figure')?.getAttribute('data-state')).toBe('loaded');
    expect(container.querySelector('img')?.hidden).toBe(false);
    expect(container.querySelector('figcaption')?.textContent).toBe('Foto: Open Food Facts');
    act(() => root.unmount());
    container.remove();
  });

  it('waits for the next photo when the pick changes, and shows the placeholder for a photo that fails', async () => {
    const { container, rerender } = render(<ProductImage src={PHOTO} alt="Hagelslag" texts={texts} />);
    fireEvent.load(container.querySelector('img') as HTMLImageElement);
    await afterEffects();
    rerender(<ProductImage src={`${PHOTO}?2`} alt="Pindakaas" texts={texts} />);
    await afterEffects();
    expect(container.querySelector('figure')?.getAttribute('data-state')).toBe('loading');
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    await afterEffects();
    expect(container.querySelector('figure')?.getAttribute('data-state')).toBe('failed');
    expect(container.textContent).toContain('Geen afbeelding');
    rerender(<ProductImage src={null} alt="Pindakaas" texts={texts} />);
    expect(container.querySelector('img')).toBeNull();
  });
});
