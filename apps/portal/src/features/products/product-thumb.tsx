import { Box, Center } from '@mantine/core';
import { useState } from 'react';
import { Icon } from '../../components/icons.tsx';

/** Edge of the product photo in the product list, in px. */
export const PRODUCT_THUMB_SIZE = 40;

/**
 * A product photo for the product list with a placeholder while it loads and when it cannot (no
 * `img_url`, or an address that does not answer: the sample photos are often unreachable from the
 * warehouse network). The photo is decorative (the name stands beside it), so its alt text is empty;
 * the placeholder of a missing photo carries `noImage` as its accessible name. The state belongs to the photo it was
 * reached for, so a new `src` starts at 'loading' in the same render; an effect that reset it ran after the paint and
 * could put a photo that had loaded at once (cached) back to 'loading' for good (ADR 0128).
 */
export function ProductThumb({ src, noImage }: { src: string | null; noImage: string }) {
  const [reached, setReached] = useState<{ of: string; state: 'loaded' | 'failed' } | null>(null);
  const state = !src ? 'failed' : reached?.of === src ? reached.state : 'loading';
  return (
    <Box
      pos="relative"
      w={PRODUCT_THUMB_SIZE}
      h={PRODUCT_THUMB_SIZE}
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', flexShrink: 0 }}
      data-state={state}
    >
      {state !== 'loaded' && (
        <Center
          data-testid="product-image-placeholder"
          w="100%"
          h="100%"
          bg="gray.1"
          c="gray.5"
          {...(state === 'failed' ? { role: 'img', 'aria-label': noImage, title: noImage } : {})}
        >
          <Icon name="products" size={22} />
        </Center>
      )}
      {src && state !== 'failed' && (
        // Not `hidden` while loading: Chrome does not fetch images that are display:none.
        <img
          key={src}
          src={src}
          alt=""
          width={PRODUCT_THUMB_SIZE}
          height={PRODUCT_THUMB_SIZE}
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={() => setReached({ of: src, state: 'loaded' })}
          onError={() => setReached({ of: src, state: 'failed' })}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'contain',
            background: 'white',
            opacity: state === 'loaded' ? 1 : 0,
          }}
        />
      )}
    </Box>
  );
}
