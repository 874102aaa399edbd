import { useState } from 'react';

/** Whether an image URL is one of the Open Food Facts sample photos, which need their credit (ODbL). */
function isOpenFoodFacts(src: string): boolean {
  try {
    return new URL(src).hostname.endsWith('openfoodfacts.org');
  } catch {
    return false;
  }
}

/**
 * The product photo of a pick with a calm placeholder until (and unless) it loads: the sample photos
 * are often unreachable on the floor, and an offline scanner cannot load them at all, so the
 * placeholder is the normal case and must read well. The photo appears only once fully loaded.
 *
 * The state belongs to the photo it was reached for (`of`): a new `src` starts at 'loading' in the same render, with
 * no effect to reset it. An effect ran after the paint, so a photo the browser had at once (cached) loaded first and
 * was then put back to 'loading' for good: the picker saw the placeholder (a demo journey's flake, ADR 0128).
 */
export function ProductImage({
  src,
  alt,
  texts,
}: {
  src: string | null;
  alt: string;
  texts: { noImage: string; credit: string };
}) {
  const [reached, setReached] = useState<{ of: string; state: 'loaded' | 'failed' } | null>(null);
  const state = !src ? 'failed' : reached?.of === src ? reached.state : 'loading';
  return (
    <figure className="product-image" data-state={state}>
      {state !== 'loaded' ? (
        <div className="product-image-placeholder" data-testid="pick-image-placeholder">
          <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
            <path
              d="M32 6 56 18v28L32 58 8 46V18Z"
              fill="#e9ecef"
              stroke="#868e96"
              strokeWidth="3"
              strokeLinejoin="round"
            />
            <path
              d="M8 18l24 12 24-12M32 30v28"
              fill="none"
              stroke="#868e96"
              strokeWidth="3"
              strokeLinejoin="round"
            />
            <path d="M20 12l24 12v8" fill="none" stroke="#adb5bd" strokeWidth="3" strokeLinejoin="round" />
          </svg>
          {state === 'failed' ? <span>{texts.noImage}</span> : null}
        </div>
      ) : null}
      {src && state !== 'failed' ? (
        <img
          key={src}
          src={src}
          alt={alt}
          referrerPolicy="no-referrer"
          decoding="async"
          hidden={state !== 'loaded'}
          onLoad={() => setReached({ of: src, state: 'loaded' })}
          onError={() => setReached({ of: src, state: 'failed' })}
        />
      ) : null}
      {state === 'loaded' && src && isOpenFoodFacts(src) ? <figcaption>{texts.credit}</figcaption> : null}
    </figure>
  );
}
