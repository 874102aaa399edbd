import { useTranslation } from 'react-i18next';

/**
 * The calm mark under a field whose typed value is kept on this device and not yet confirmed (ADR 0136, 0137): "Concept
 * bewaard op dit toestel, nog niet bevestigd". Nothing when `shown` is false (the value was sent, or nothing is kept).
 */
export function TypedKept({ shown }: { shown: boolean }) {
  const { t } = useTranslation('common');
  return shown ? (
    <p className="typed-kept" data-testid="typed-kept">
      {t('typedKept')}
    </p>
  ) : null;
}
