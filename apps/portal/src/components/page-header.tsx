/**
 * The heading block at the top of every portal screen: the page title as the page's <h1>, an optional
 * description line under it and optional actions (buttons, links) on the right. The title block asks for the
 * title's own width, so when title and actions do not fit on one line the actions wrap below the title (at 1280 px
 * beside the menu, on a phone) instead of squeezing it. A code or date in the title ('IN-2026-0001',
 * '03-12-2026') is never broken inside. Usage:
 * `<PageHeader title={t('title')} description={…} actions={<Button>…</Button>} />`.
 * It also sets the document title ('<title> · Hoppa') so browser tabs and history are readable.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode, useEffect } from 'react';

/** A word with a digit and a hyphen or slash, where a browser may break a line: 'IN-2026-0001', '03-12-2026'. */
const BREAKABLE_CODE = /^(?=.*\d).*[-/\u2010\u2013]/;

/**
 * `text` with each code, number or date that a browser could break (a digit and a hyphen or slash) in a no-wrap
 * span, so a line never breaks at the hyphen inside 'IN-2026-0001' or '03-12-2026'; the other words wrap as usual
 * and a text without such a code stays one text node.
 */
function keepCodesWhole(text: string): ReactNode {
  const parts = text.split(/(\s+)/);
  if (!parts.some((p) => BREAKABLE_CODE.test(p))) return text;
  return parts.map((part, i) =>
    BREAKABLE_CODE.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the split of a fixed text; its parts never move.
      <span key={i} style={{ whiteSpace: 'nowrap' }}>
        {part}
      </span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above.
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

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
      {/* Sized by the title (the description's width is contained), growing into what the actions leave. */}
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 auto' }}>
        <Title order={1} fz={{ base: 24, sm: 28 }} fw={650} lh={1.2}>
          {keepCodesWhole(title)}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm" style={{ contain: 'inline-size' }}>
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
