import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/** The status of an inbound or item (spec 2 §4 Inbound: pending shown as open, checked_in as closed). */
export function InboundStatusBadge({ status }: { status: 'pending' | 'checked_in' }): ReactNode {
  const { t } = useTranslation('inbound');
  return (
    <Badge
      color={status === 'pending' ? 'orange' : 'green'}
      variant="light"
      tt="none"
      // A narrow table column must not cut the word off ('Expect…').
      styles={{ root: { minWidth: 'max-content' } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
