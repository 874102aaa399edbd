import { Button, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePendingCount } from '../app/outbox-status.ts';
import { applyUpdate, useUpdateWaiting } from '../app/sw-update.ts';

/**
 * Offers a new app version (design: 'Floor app offline model'): applying it reloads the page, so it is
 * only possible once the outbox was read and is empty; until then the strip says why it waits (the queue is being
 * checked, or changes wait to be sent). It is a slim strip
 * above the pick buttons, never over the location and quantity the picker is working from.
 */
export function UpdatePrompt() {
  // The outbox is read only while a version waits: a start without one opens no IndexedDB for this (ADR 0072).
  return useUpdateWaiting() ? <UpdateStrip /> : null;
}

/**
 * The strip itself, with the outbox count that decides whether the update can be applied now: Update is enabled only
 * when the count is known and 0 (unknown, before IndexedDB answered, is not "nothing queued").
 */
export function UpdateStrip() {
  const { t } = useTranslation('common');
  const pending = usePendingCount();
  const text =
    pending === undefined ? t('updateChecking') : pending > 0 ? t('updateWaitOutbox') : t('updateAvailable');
  return (
    <Paper className="update-prompt" shadow="lg" withBorder role="region" aria-label={t('updateAvailable')}>
      <Text className="update-prompt-text">{text}</Text>
      <Button size="md" onClick={applyUpdate} disabled={pending !== 0}>
        {t('updateNow')}
      </Button>
    </Paper>
  );
}
