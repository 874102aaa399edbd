import { Button, UnstyledButton } from '@mantine/core';
import type { TFunction } from 'i18next';
import { memo, useLayoutEffect, useRef } from 'react';
import type { PickFilter } from '../../offline/db.ts';
import { narrowingCount } from './pick.rules.ts';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A filter's bound (an ISO instant) as the foot shows it, in the device's time: `dd-MM, HH:mm` ("24-11, 23:00"), what
 * `Intl.DateTimeFormat('nl-NL', { day, month, hour, minute: '2-digit' })` writes. By hand (ADR 0091): the page's first
 * `Intl.DateTimeFormat` costs ~80 ms at 4× CPU, and the foot's formatter, made when the screen's file was evaluated,
 * was the only one on the pick screen's start. `pick-footer.test.ts` holds it to Intl's text.
 */
export function periodTime(iso: string): string {
  const d = new Date(iso);
  return `${two(d.getDate())}-${two(d.getMonth() + 1)}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The foot of the pick screen (spec 2 §2): picks left, the skip counter, the period and order kind of the list
 * (opens the filter), and Back, Skip and Refresh.
 */
export const PickFooter = memo(function PickFooter(props: {
  remaining: number;
  skip: number;
  filter: PickFilter;
  synced: boolean;
  loading: boolean;
  online: boolean;
  onSkip: (n: number) => void;
  onRefresh: () => void;
  onFilter: () => void;
  t: TFunction<'pick', undefined>;
}) {
  const { remaining, skip, filter, synced, loading, online, onSkip, onRefresh, onFilter, t } = props;
  const ref = useFootHeight();
  return (
    <footer className="pick-footer" ref={ref}>
      <div className="pick-summary">
        <span data-testid="pick-remaining">{t('progress', { count: remaining })}</span>
        <span data-testid="skip-count">{t('skipped', { count: skip })}</span>
        {synced ? (
          <UnstyledButton className="pick-period" onClick={onFilter}>
            {periodTime(filter.start)} – {periodTime(filter.end)} ·{' '}
            {filter.singleOrders ? t('onlySingle') : filter.multiOrders ? t('onlyMulti') : t('allOrders')}
            {narrowingCount(filter) > 0 ? ` · ${t('narrowed', { count: narrowingCount(filter) })}` : ''}
          </UnstyledButton>
        ) : null}
      </div>
      <div className="pick-actions">
        <Button
          size="xl"
          variant="default"
          data-testid="pick-back"
          onClick={() => onSkip(skip - 1)}
          disabled={skip === 0}
        >
          {t('back')}
        </Button>
        <Button
          size="xl"
          variant="default"
          data-testid="pick-skip"
          onClick={() => onSkip(skip + 1)}
          disabled={remaining < 2}
        >
          {t('skip')}
          {skip > 0 ? (
            <span className="skip-badge" aria-hidden="true">
              {skip}
            </span>
          ) : null}
        </Button>
        <Button size="xl" data-testid="pick-refresh" onClick={onRefresh} disabled={loading || !online}>
          {t('refresh')}
        </Button>
      </div>
    </footer>
  );
});

/**
 * Keeps `--pick-foot-h` on the document at the foot's laid-out height in CSS px (with the safe area it pads), so the
 * pick's content and the sticky Probleem end above the fixed foot however its period line wraps or the device scales
 * its fonts (the CSS `--floor-footer-h` guessed 128 px for a foot of 141 on a 360 × 640 scanner). Removed with the
 * foot. Without `ResizeObserver` (old WebViews, jsdom) the CSS height stays.
 */
function useFootHeight() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const foot = ref.current;
    if (!foot || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const set = () => root.setProperty('--pick-foot-h', `${foot.getBoundingClientRect().height}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(foot);
    return () => {
      observer.disconnect();
      root.removeProperty('--pick-foot-h');
    };
  }, []);
  return ref;
}

/**
 * The end of the list (spec 2 §2: 'Hoppa! je bent klaar met picken!'). `narrowed`: a filter narrows the period's picks
 * (an order, a zone, an organisation…), so only the filter's picks are done and the hint says so, not that the period
 * is done.
 */
export function PickDone({ t, narrowed = false }: { t: TFunction<'pick', undefined>; narrowed?: boolean }) {
  return (
    <section className="pick-done" data-testid="pick-done">
      <svg className="pick-done-mark" viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="#2b8a3e" />
        <path
          d="M27 50l14 14 28-30"
          fill="none"
          stroke="#fff"
          strokeWidth="10"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h2>{t('done')}</h2>
      <p>{narrowed ? t('doneHintFiltered') : t('doneHint')}</p>
    </section>
  );
}
