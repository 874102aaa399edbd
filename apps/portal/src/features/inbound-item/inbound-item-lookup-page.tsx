import { ApiError, inboundEndpoint, inboundItemEndpoint } from '@hoppa/core';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathTo } from '../../app/paths.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { call } from '../../lib/api.ts';

/** An inbound's or an inbound item's id as its QR label and links carry it: 24 hexadecimal characters. */
const ID = /^[0-9a-f]{24}$/;

/**
 * What a scanned or typed code opens (spec 2 §2 Scanner / inbound item lookup `/inbound/item`): an inbound item's
 * id opens the item, an inbound's id (its QR label) the inbound; anything else is refused before a call.
 */
export async function lookupTarget(raw: string): Promise<string | 'invalid' | 'not_found'> {
  const id = raw.trim().toLowerCase();
  if (!ID.test(id)) return 'invalid';
  try {
    await call(inboundItemEndpoint, { params: { id } });
    return pathTo('inboundItemDetail', { id });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  try {
    await call(inboundEndpoint, { params: { id } });
    return pathTo('checkinInventoryDetail', { id });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return 'not_found';
    throw err;
  }
}

/** The lookup page: one field (a keyboard-wedge scanner types into it and ends with Enter) and Open. */
export function InboundItemLookupPage(): ReactNode {
  const { t } = useTranslation('inboundItem');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setProblem(null);
    setError(null);
    setBusy(true);
    try {
      const target = await lookupTarget(code);
      if (target === 'invalid') setProblem(t('lookup.invalid'));
      else if (target === 'not_found') setProblem(t('notFound'));
      else navigate(target);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md" maw={640}>
      <PageHeader title={t('lookup.title')} description={t('lookup.hint')} />
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void open();
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t('lookup.label')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              data-autofocus
              autoFocus
              flex={1}
              error={problem}
              autoComplete="off"
            />
            <Button type="submit" loading={busy} disabled={!code.trim()}>
              {t('lookup.open')}
            </Button>
          </Group>
        </form>
      </Paper>
      <ErrorBanner error={error} />
      {problem === t('notFound') ? (
        <Alert color="yellow" variant="light">
          <Text size="sm">{code}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
