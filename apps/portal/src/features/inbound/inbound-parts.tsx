import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value on one line (a value of several lines keeps its breaks). */
export function Fact({ label, value }: { label: string; value: ReactNode }): ReactNode {
  return (
    <Group gap="md" justify="space-between" wrap="nowrap" align="flex-start" py={2}>
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
