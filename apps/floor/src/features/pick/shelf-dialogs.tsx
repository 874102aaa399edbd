import { Button, Drawer, Modal, Stack, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { PickRecord } from '../../offline/db.ts';
import { useFieldScan } from '../../scan/field-scan.ts';
import { isInsufficient, type ShelfProblem } from './pick.rules.ts';

type T = TFunction<'pick', undefined>;

/**
 * The pick screen's dialogs: a large title, and a close button of 48 × 48 px that a long title beside it cannot
 * squeeze (the floor's touch targets are at least 44 px; e2e floor-touch-targets.spec.ts).
 */
export const DIALOG_STYLES = {
  title: { fontSize: 22, fontWeight: 800 },
  close: { width: 48, minWidth: 48, height: 48, flexShrink: 0 },
} as const;

/** A count typed on the floor: a whole number from 0 to 1,000,000, else null. */
function parseCount(text: string): number | null {
  const v = text.trim();
  return /^\d{1,7}$/.test(v) && Number(v) <= 1_000_000 ? Number(v) : null;
}

/**
 * The pick screen's sub-menu (spec 2 §2): 'product not present at location', 'insufficient quantity at location' (with
 * how many lie there: fewer than the pick needs, else it is no report) and 'low stock'. `onReport(kind, seen)` records
 * it; the screen moves the picker on, or for low stock lets the pick go on.
 */
export function ProblemSheet({
  opened,
  pick,
  onClose,
  onReport,
  onScanned,
  t,
}: {
  opened: boolean;
  pick: PickRecord | null;
  onClose(): void;
  onReport(kind: ShelfProblem, seen?: number): void;
  /** A scanner burst typed into the count field: not a count; the wrong-scan feedback. */
  onScanned(): void;
  t: T;
}) {
  const [insufficient, setInsufficient] = useState(false);
  const [seen, setSeen] = useState('');
  const [scanned, setScanned] = useState(false);
  const seenScan = useFieldScan((_raw, before) => {
    setSeen(before);
    setScanned(true);
    onScanned();
  });
  const close = () => {
    setInsufficient(false);
    setSeen('');
    setScanned(false);
    onClose();
  };
  const report = (kind: ShelfProblem, count?: number) => {
    setInsufficient(false);
    setSeen('');
    setScanned(false);
    onReport(kind, count);
  };
  const count = parseCount(seen);
  const needed = pick?.item.qty ?? 0;
  // As many as the pick needs (or more) is not too few: pick them, nothing to report.
  const enough = count !== null && !isInsufficient(count, needed);
  return (
    <Drawer
      opened={opened}
      onClose={close}
      title={
        <>
          {t('problemTitle')}
          {pick?.item.rack ? (
            <>
              {' · '}
              {/* a location code is one word: 'A-01-02' never breaks at its hyphens */}
              <span className="nowrap" data-testid="problem-rack">
                {pick.item.rack}
              </span>
            </>
          ) : null}
        </>
      }
      position="bottom"
      size="auto"
      padding="md"
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={DIALOG_STYLES}
    >
      {insufficient ? (
        <Stack gap="md">
          <TextInput
            size="lg"
            label={t('seen')}
            data-autofocus
            inputMode="numeric"
            value={seen}
            data-testid="problem-seen"
            error={scanned ? t('scannedNotCount') : enough ? t('seenEnough', { qty: needed }) : undefined}
            onChange={(e) => {
              setScanned(false);
              setSeen(e.currentTarget.value);
            }}
            onKeyDown={seenScan}
          />
          <Button
            size="xl"
            disabled={count === null || enough}
            onClick={() => count !== null && !enough && report('insufficient', count)}
          >
            {t('report')}
          </Button>
          <Button size="xl" variant="default" onClick={close}>
            {t('cancel')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Button
            size="xl"
            color="red"
            onClick={() => report('not_present')}
            data-testid="problem-not-present"
          >
            {t('problem_not_present')}
          </Button>
          <Button
            size="xl"
            color="orange"
            onClick={() => setInsufficient(true)}
            data-testid="problem-insufficient"
          >
            {t('problem_insufficient')}
          </Button>
          <Button
            size="xl"
            color="yellow"
            c="dark"
            onClick={() => report('low_stock')}
            data-testid="problem-low-stock"
          >
            {t('problem_low_stock')}
          </Button>
          <Button size="xl" variant="default" onClick={close}>
            {t('cancel')}
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * The recount popup (spec 2 §4: shown when the pick's product is flagged for a recount): how many lie on this
 * location; `onCount(n)` corrects the stock there through the ledger and clears the flag; Later leaves it. A bundle
 * (`is_bundle`) gets no count field, since its stock is what its parts make and a correction of it is refused: a text
 * says to count its parts, and `onPartsCounted` clears its flag.
 */
export function RecountPopup({
  pick,
  onCount,
  onPartsCounted,
  onLater,
  onScanned,
  t,
}: {
  pick: PickRecord | null;
  onCount(count: number): void;
  /** A bundle's parts were counted (in the Locations task): its recount flag is cleared. */
  onPartsCounted(): void;
  onLater(): void;
  /** A scanner burst typed into the count field (an EAN, a label): not a count; the wrong-scan feedback. */
  onScanned(): void;
  t: T;
}) {
  const [value, setValue] = useState('');
  const [scanned, setScanned] = useState(false);
  // A wedge scanner types into the focused count field: its burst is taken out again, never saved as a count.
  const countScan = useFieldScan((_raw, before) => {
    setValue(before);
    setScanned(true);
    onScanned();
  });
  const count = parseCount(value);
  return (
    <Modal
      opened={pick !== null}
      onClose={onLater}
      title={t('recountTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={DIALOG_STYLES}
    >
      <Stack gap="md">
        {pick?.item.is_bundle ? (
          <>
            <p data-testid="recount-bundle">{t('recountBundle')}</p>
            <Button size="xl" data-testid="recount-parts-done" onClick={onPartsCounted}>
              {t('recountPartsDone')}
            </Button>
          </>
        ) : (
          <>
            <TextInput
              size="lg"
              inputMode="numeric"
              label={t('recountText', { location: pick?.item.rack ?? '' })}
              data-autofocus
              value={value}
              data-testid="recount-count"
              error={scanned ? t('scannedNotCount') : undefined}
              onChange={(e) => {
                setScanned(false);
                setValue(e.currentTarget.value);
              }}
              onKeyDown={countScan}
            />
            <Button
              size="xl"
              disabled={count === null}
              data-testid="recount-save"
              onClick={() => {
                if (count === null) return;
                setValue('');
                setScanned(false);
                onCount(count);
              }}
            >
              {t('save')}
            </Button>
          </>
        )}
        <Button
          size="xl"
          variant="default"
          onClick={() => {
            setScanned(false);
            onLater();
          }}
        >
          {t('later')}
        </Button>
      </Stack>
    </Modal>
  );
}

/** The pick-note popup (spec 2 §2): the note of the pick in front of the picker, once, until OK. */
export function PickNotePopup({ note, onClose, t }: { note: string | null; onClose(): void; t: T }) {
  return (
    <Modal
      opened={note !== null}
      onClose={onClose}
      title={t('pickNoteTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={DIALOG_STYLES}
    >
      <Stack gap="md">
        <p className="pick-note-text" data-testid="pick-note-popup">
          {note}
        </p>
        <Button size="xl" onClick={onClose}>
          {t('ok')}
        </Button>
      </Stack>
    </Modal>
  );
}
