import type { TFunction } from 'i18next';
import type { Flash } from './use-pick-scan.ts';

/** The verdict of the last scan (spec 2 §4, §8): ✓ with quantity and product, or ✗ with where to go instead. */
export function ScanVerdict({
  flash,
  hasPick,
  t,
}: {
  flash: Flash | null;
  hasPick: boolean;
  t: TFunction<'pick', undefined>;
}) {
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
      {flash?.kind === 'wrong' ? (
        <span>
          ✗ {t('wrong', { scan: flash.scan })}
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
