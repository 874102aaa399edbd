import { Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyUpdate, useUpdateWaiting } from '../app/sw-update.ts';
import { usePendingCount } from '../app/sync.ts';

/**
 * Offers a new app version (design: 'Floor app offline model'): applying it reloads the page, so it is
 * only possible while the outbox is empty; until then the prompt says why it waits.
 */
export function UpdatePrompt() {
  const { t } = useTranslation('common');
  const waiting = useUpdateWaiting();
  const pending = usePendingCount();
  if (!waiting) return null;
  return (
    <Paper
      className="update-prompt"
      shadow="lg"
      p="md"
      withBorder
      role="dialog"
      aria-label={t('updateAvailable')}
    >
      <Stack gap="xs">
        <Text fw={700}>{t('updateAvailable')}</Text>
        {pending > 0 ? <Text>{t('updateWaitOutbox')}</Text> : null}
        <Button size="lg" onClick={applyUpdate} disabled={pending > 0}>
          {t('updateNow')}
        </Button>
      </Stack>
    </Paper>
  );
}
