import { Button } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FLOOR_PATHS } from '../../app/paths.ts';
import { StatusBar } from '../../components/status-bar.tsx';
import { deviceBeeps } from '../../scan/feedback.ts';
import './scanner.css';
import { describeScan, type KeyStroke, SCAN_GAP_MAX_MS, type ScanReport } from './scanner.rules.ts';

/** Most scans the page keeps on screen, newest first. */
const SHOWN = 5;

/**
 * The scanner set-up page (issue 11 item 5; spec 2 §5 Pick screen scan, §9 scan buffers): every keystroke a
 * keyboard-wedge scanner types is recorded with its time, and each burst (ended by Enter or Tab, or by a pause over
 * 250 ms) is shown as the pick screen would read it — the text, its length, the suffix, other keys, the speed and
 * whether it is an EAN or a location label — with what to change on the scanner when something is off.
 */
export function ScannerScreen() {
  const { t } = useTranslation('scanner');
  const navigate = useNavigate();
  const [reports, setReports] = useState<ScanReport[]>([]);
  const keys = useRef<KeyStroke[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Before the paint (a layout effect), so no key typed right after is lost (ADR 0056).
  useLayoutEffect(() => {
    const flush = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const burst = keys.current;
      keys.current = [];
      if (burst.length === 0) return;
      const report = describeScan(burst);
      if (report.hints.length === 0) deviceBeeps.ok();
      else deviceBeeps.wrong();
      setReports((r) => [report, ...r].slice(0, SHOWN));
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && e.target.closest('button')) {
        if (e.key === 'Enter' || e.key === ' ') return;
      }
      e.preventDefault();
      // the key's own time, not the handler's: a busy main thread would stretch the gaps it reports
      keys.current.push({ key: e.key, at: e.timeStamp });
      if (e.key === 'Enter' || e.key === 'Tab') return flush();
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SCAN_GAP_MAX_MS * 4);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  return (
    <div className="screen">
      <StatusBar />
      <main className="scanner-main">
        <h1>{t('title')}</h1>
        <p className="scanner-intro">{t('intro')}</p>
        {reports.length === 0 ? (
          <p className="scanner-waiting" data-testid="scanner-waiting">
            {t('waiting')}
          </p>
        ) : null}
        <ol className="scanner-list">
          {reports.map((r, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the newest scan is always first; the list is append-only
              key={reports.length - i}
              className={`scanner-report ${r.hints.length ? 'scanner-bad' : 'scanner-good'}`}
              data-testid="scanner-report"
            >
              <dl>
                <dt>{t('text')}</dt>
                <dd className="scanner-text" data-testid="scanner-text">
                  {r.text || '—'} <small>({t('length', { count: r.text.length })})</small>
                </dd>
                <dt>{t('suffix')}</dt>
                <dd data-testid="scanner-suffix">{r.suffix === 'none' ? t('suffix_none') : r.suffix}</dd>
                {r.specialKeys.length ? (
                  <>
                    <dt>{t('special')}</dt>
                    <dd>{r.specialKeys.join(' ')}</dd>
                  </>
                ) : null}
                <dt>{t('speed')}</dt>
                <dd>
                  {t('speedValue', { duration: Math.round(r.durationMs), gap: Math.round(r.maxGapMs) })}
                </dd>
                <dt>{t('kind')}</dt>
                <dd data-testid="scanner-kind">{t(`kind_${r.kind}`)}</dd>
              </dl>
              {r.hints.length === 0 ? (
                <p className="scanner-verdict" data-testid="scanner-ok">
                  ✓ {t('ok')}
                </p>
              ) : (
                <ul className="scanner-hints" data-testid="scanner-hints">
                  {r.hints.map((h) => (
                    <li key={h}>✗ {t(`hint_${h}`)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
        <div className="scanner-actions">
          <Button size="xl" variant="default" onClick={() => setReports([])}>
            {t('clear')}
          </Button>
          <Button size="xl" onClick={() => navigate(FLOOR_PATHS.menu)}>
            {t('back')}
          </Button>
        </div>
      </main>
    </div>
  );
}
