import { classifyPickScan } from '@hoppa/core';
import type { TFunction } from 'i18next';
import { useLayoutEffect } from 'react';
import { markScanFeedback } from '../../scan/scan-perf.ts';
import { type FlashStore, useFlash } from './flash-store.ts';

/**
 * The verdict of the last scan (spec 2 §4, §8): ✓ with quantity and product, ✗ with where to go instead, or 'not
 * counted yet' for a scan of the read-only card of a list still being stored. A wrong
 * scan names what was scanned: an EAN or text as scanned, another location's label as 'andere locatie' (its code is a
 * 24-character id no picker reads, and it took three lines of a 360 × 640 scanner). It reads the verdict store
 * itself, so a scan re-renders this line and not the screen around it.
 */
export function ScanVerdict({
  store,
  hasPick,
  t,
}: {
  store: FlashStore;
  hasPick: boolean;
  t: TFunction<'pick', undefined>;
}) {
  const flash = useFlash(store);
  // The verdict is in the DOM and sound and buzz have started: that is the feedback the benchmark times.
  useLayoutEffect(() => {
    if (flash) markScanFeedback();
  }, [flash]);
  return (
    <div
      className="scan-feedback"
      data-testid="scan-feedback"
      data-kind={flash?.kind ?? 'none'}
      aria-live="assertive"
    >
      {flash?.kind === 'valid' ? (
        <span>✓ {t('valid', { qty: flash.qty, name: flash.name.slice(0, 40) })}</span>
      ) : null}
      {flash?.kind === 'link' ? <span>✓ {t('scanLink')}</span> : null}
      {flash?.kind === 'loading' ? <span>{t('stillLoading', { scan: flash.scan.slice(0, 40) })}</span> : null}
      {flash?.kind === 'wrong' ? (
        <span>
          ✗{' '}
          {flash.picked
            ? t('alreadyPicked', { qty: flash.picked.qty, name: flash.picked.name.slice(0, 40) })
            : classifyPickScan(flash.scan).kind === 'location'
              ? t('wrongLocation')
              : t('wrong', { scan: flash.scan })}
          {flash.location ? (
            <strong>
              {' · '}
              <span className="nowrap">{t('goTo', { location: flash.location })}</span>
            </strong>
          ) : null}
          {!flash.location && !hasPick ? <> · {t('noOpenPick')}</> : null}
        </span>
      ) : null}
    </div>
  );
}

/** A short full-screen tint: the verdict seen from the corner of an eye; keyed to replay per scan. */
export function FlashTint({ store }: { store: FlashStore }) {
  const flash = useFlash(store);
  return flash && flash.kind !== 'loading' ? (
    <div className={`flash-overlay flash-${flash.kind}`} key={flash.id} aria-hidden="true" />
  ) : null;
}
