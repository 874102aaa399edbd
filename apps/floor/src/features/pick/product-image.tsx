import { useEffect, useState } from 'react';

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
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed');
  useEffect(() => setState(src ? 'loading' : 'failed'), [src]);
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
          src={src}
          alt={alt}
          referrerPolicy="no-referrer"
          decoding="async"
          hidden={state !== 'loaded'}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      ) : null}
      {state === 'loaded' && src && isOpenFoodFacts(src) ? <figcaption>{texts.credit}</figcaption> : null}
    </figure>
  );
}
