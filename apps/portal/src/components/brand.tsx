/**
 * The Hoppa mark and wordmark used in the header and on the sign-in screens.
 * `<Brand />` renders the mark with the name; `size` scales both (default 28 px mark).
 */
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function BrandMark({ size = 28 }: { size?: number }): ReactNode {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-7)" />
      <path d="M10 8v16M22 8v16M10 16h12" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

export function Brand({ size = 28 }: { size?: number }): ReactNode {
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark size={size} />
      <Text
        component="span"
        fw={700}
        fz={size * 0.72}
        c="brand.9"
        lh={1}
        style={{ letterSpacing: '-0.01em' }}
      >
        Hoppa
      </Text>
    </Group>
  );
}
