import { Group, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline, useOutboxPaused, usePendingCount } from '../app/outbox-status.ts';

/**
 * The strip at the top of every floor screen: online/offline, what still waits in the outbox
 * ('3 te versturen', on one line; 'Wachtrij controleren…' until the outbox was read, without a `data-count`),
 * and a slot on the right (menu button).
 */
export function StatusBar({ lng, right }: { lng?: 'nl' | 'en'; right?: ReactNode }) {
  const { t } = useTranslation('common', lng ? { lng } : undefined);
  const online = useOnline();
  const pending = usePendingCount();
  const paused = useOutboxPaused();
  // On one line (floor.css): a longer text ends in '…' and is whole in its title; the paused one wraps, since what to
  // do (log in again) comes last.
  const text = paused
    ? t('outboxPaused')
    : pending === undefined
      ? t('outboxChecking')
      : pending > 0
        ? t('outboxWaiting', { count: pending })
        : t('outboxEmpty');
  return (
    <header className="status-bar">
      <Group gap={8} wrap="nowrap" className="status-bar-left">
        <span
          className={`net-pill ${online ? 'net-online' : 'net-offline'}`}
          data-testid="network-status"
          data-online={online}
          role="status"
        >
          <span className="net-dot" aria-hidden />
          {online ? t('online') : t('offline')}
        </span>
        <Text
          component="span"
          className={`outbox-count ${pending ? 'outbox-waiting' : ''} ${paused ? 'outbox-paused' : ''}`}
          data-testid="outbox-count"
          data-count={pending}
          aria-live="polite"
          title={text}
        >
          {text}
        </Text>
      </Group>
      {right}
    </header>
  );
}

/** A square header button (≥ 48 px) with an accessible name. */
export function HeaderButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <UnstyledButton className="header-button" aria-label={label} onClick={onClick}>
      {children}
    </UnstyledButton>
  );
}

/** The ✕ header button of a task screen: back to the task menu, or one level up within the task. */
export function CloseHeaderButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <HeaderButton label={label} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </HeaderButton>
  );
}
