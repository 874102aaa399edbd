/**
 * The heading block at the top of every portal screen: the page title as the page's <h1>, an optional
 * description line under it and optional actions (buttons, links) on the right that wrap below the
 * title on a phone. Usage: `<PageHeader title={t('title')} description={…} actions={<Button>…</Button>} />`.
 * It also sets the document title ('<title> · Hoppa') so browser tabs and history are readable.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}): ReactNode {
  useEffect(() => {
    document.title = `${title} · Hoppa`;
  }, [title]);
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md" mb="lg">
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Title order={1} fz={{ base: 24, sm: 28 }} fw={650} lh={1.2}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
