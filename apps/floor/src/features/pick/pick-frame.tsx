import type { TFunction } from 'i18next';
import type { ScanBarTexts } from '../../components/scan-bar.tsx';
import { HeaderButton, StatusBar } from '../../components/status-bar.tsx';

// The parts of the pick screen's frame that its light start (pick-start.tsx) draws the same way (ADR 0086): the same
// elements in both, so the screen that follows the start replaces its elements without moving anything.

/** The pick screen's header: the status bar with the filter button (spec 2 §2 Pick screen). */
export function PickHeader({ t, onFilter }: { t: TFunction<'pick', undefined>; onFilter: () => void }) {
  return (
    <StatusBar
      lng="nl"
      right={
        <HeaderButton label={t('filter')} onClick={onFilter}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </HeaderButton>
      }
    />
  );
}

/** The scan row's words on the pick screen (Dutch). */
export function pickScanTexts(t: TFunction<'pick', undefined>): ScanBarTexts {
  return {
    scanLabel: t('scanLabel'),
    scanPlaceholder: t('scanPlaceholder'),
    keyboard: t('keyboard'),
    camera: t('camera'),
  };
}
