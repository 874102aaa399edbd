import { Badge, Box, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';

export interface ScanFeedback {
  /** The scanned code; empty for an outcome no scan led to (a card's ship button). */
  raw: string;
  text: string;
  tone: 'info' | 'success' | 'warning' | 'error';
  /** Increases with every scan, so the same message still flashes. */
  seq: number;
}

const TONE_COLOR = { info: 'blue', success: 'green', warning: 'orange', error: 'red' } as const;

/**
 * Visible state of the packing-station scanner (spec 1 §4): ready or paused, the last scan and what
 * it did, and the active selection (scanned EAN, scanned pick location) as chips with clear buttons.
 */
export function ScanPanel({
  canShip,
  paused,
  feedback,
  selectedEan,
  pickedLocation,
  onClearEan,
  onClearLocation,
}: {
  /** The role may ship: otherwise scanning only selects and filters. */
  canShip: boolean;
  paused: boolean;
  feedback: ScanFeedback | null;
  selectedEan: string | null;
  pickedLocation: string | null;
  onClearEan: () => void;
  onClearLocation: () => void;
}) {
  const { t } = useTranslation('orders');
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={paused ? 'yellow.0' : undefined}
      aria-label={t('scan.title')}
      component="section"
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 24rem', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Icon name="scan" size={18} />
            <Text fw={600}>{t('scan.title')}</Text>
            <Box
              mt={6}
              w={10}
              h={10}
              style={{ borderRadius: '50%', flex: 'none' }}
              bg={paused ? 'yellow.6' : 'green.6'}
              aria-hidden
            />
            <Text size="sm" c={paused ? 'yellow.9' : 'dimmed'} fw={paused ? 600 : 400}>
              {paused ? t('scan.paused') : canShip ? t('scan.ready') : t('scan.readyNoShip')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" aria-live="polite" role="status">
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('scan.lastScan')}:
            </Text>
            {feedback ? (
              <>
                {feedback.raw ? (
                  <Text size="sm" ff="monospace" fw={600}>
                    {feedback.raw}
                  </Text>
                ) : null}
                <Text key={feedback.seq} size="sm" c={TONE_COLOR[feedback.tone]} fw={500}>
                  {feedback.text}
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('scan.none')}
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          {selectedEan && (
            <SelectionChip color="blue" clearLabel={t('scan.clearEan')} onClear={onClearEan}>
              {t('scan.selectedEan', { ean: selectedEan })}
            </SelectionChip>
          )}
          {pickedLocation && (
            <SelectionChip color="grape" clearLabel={t('scan.clearLocation')} onClear={onClearLocation}>
              {t('scan.pickedLocation', { id: pickedLocation })}
            </SelectionChip>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** One active scan selection as a chip whose close button (named `clearLabel`) clears it. */
function SelectionChip({
  color,
  clearLabel,
  onClear,
  children,
}: {
  color: string;
  clearLabel: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Badge
      size="lg"
      color={color}
      tt="none"
      rightSection={
        <CloseButton size="xs" variant="transparent" c="white" aria-label={clearLabel} onClick={onClear} />
      }
    >
      {children}
    </Badge>
  );
}
