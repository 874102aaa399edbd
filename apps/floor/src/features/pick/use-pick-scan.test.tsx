// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie loads.
import '../../test/dom-setup.ts';
import type { PickItem } from '@hoppa/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import type { PickRecord } from '../../offline/db.ts';
import type { ScanFeedback } from '../../scan/feedback.ts';
import { pickItem, seedPicks, testDb } from '../../test/fixtures.ts';
import { PICK_REPEAT_MS, usePickScan } from './use-pick-scan.ts';

const t = ((key: string) => key) as unknown as TFunction<'pick', undefined>;

function feedbackSpy() {
  return {
    valid: vi.fn<ScanFeedback['valid']>(),
    wrong: vi.fn<ScanFeedback['wrong']>(),
    done: vi.fn<ScanFeedback['done']>(),
    link: vi.fn<ScanFeedback['link']>(),
  } satisfies ScanFeedback;
}

/** The pick in front of the picker, as the screen's ref holds it. */
const nextPick: { current: PickRecord | null } = { current: null };

/** The hook over a fresh database holding `items`, with the first item as the current pick. */
async function scanning(name: string, items: PickItem[]) {
  const { db } = testDb(name);
  await seedPicks(db, items);
  const record = (await db.picks.get(items[0]?.id ?? '')) as PickRecord;
  nextPick.current = record;
  const feedback = feedbackSpy();
  const markConfirmed = vi.fn();
  const { result } = renderHook(() =>
    usePickScan({
      db,
      feedback,
      t,
      // The screen has not rendered anything after this pick: it stays current (a test may move it on).
      pickRef: nextPick,
      previewRef: { current: null },
      openCountRef: { current: items.length },
      markConfirmed,
      unmarkConfirmed: vi.fn(),
      onError: vi.fn(),
    }),
  );
  return { db, feedback, markConfirmed, result };
}

describe('usePickScan', () => {
  it("answers a scan of the read-only card of a list still being stored 'not counted yet', not 'Fout'", async () => {
    // A journey on a busy machine: the picker scanned the EAN on the card while the list it previewed was still being
    // stored and heard the error sound with 'Fout: … Er is geen pick open' for the very product on the card.
    const item = pickItem();
    const { db } = testDb('pick-scan-preview');
    await seedPicks(db, [item]);
    const preview = { current: (await db.picks.get(item.id)) as PickRecord | null };
    const feedback = feedbackSpy();
    const { result } = renderHook(() =>
      usePickScan({
        db,
        feedback,
        t,
        pickRef: { current: null },
        previewRef: preview,
        openCountRef: { current: 0 },
        markConfirmed: vi.fn(),
        unmarkConfirmed: vi.fn(),
        onError: vi.fn(),
      }),
    );
    act(() => result.current.onScan(item.ean));
    expect(feedback.wrong).not.toHaveBeenCalled();
    expect(feedback.valid).not.toHaveBeenCalled();
    expect(result.current.flashStore.get()).toMatchObject({ kind: 'loading', scan: item.ean });
    expect(await db.outbox.count()).toBe(0);
    // No card at all: the scan is wrong, as before.
    preview.current = null;
    act(() => result.current.onScan(item.ean));
    expect(feedback.wrong).toHaveBeenCalledTimes(1);
    expect(result.current.flashStore.get()).toMatchObject({ kind: 'wrong' });
  });

  it('confirms a pick once when the scanner fires twice before the screen has moved on', async () => {
    const [a, b] = [pickItem({ lines: [2] }), pickItem()];
    const { db, feedback, markConfirmed, result } = await scanning('pick-scan-double', [a, b]);
    act(() => {
      result.current.onScan(a.ean);
      result.current.onScan(a.ean);
    });
    expect(feedback.valid).toHaveBeenCalledTimes(1);
    // The next pick follows the verdict's frame (afterPaint): the list is not touched before it.
    expect(markConfirmed).not.toHaveBeenCalled();
    await waitFor(() => expect(markConfirmed).toHaveBeenCalledTimes(1));
    await waitFor(async () => expect((await db.picks.get(a.id))?.status).toBe('queued'));
    expect(await db.outbox.count()).toBe(1);
    expect(result.current.flashStore.get()).toMatchObject({ kind: 'valid', qty: 2 });
  });

  it("ignores the scanner's double read that arrives after the next pick is on screen, but not a later wrong scan", async () => {
    // Session 40 (a picker's day): the second read of a confirmed EAN, a moment after the next pick had rendered,
    // sounded the error and showed 'Fout: … Ga naar …' for a pick the picker had not started.
    const [a, b] = [pickItem({ rack: 'A-01' }), pickItem({ rack: 'A-02' })];
    const { db, feedback, result } = await scanning('pick-scan-late-double', [a, b]);
    act(() => result.current.onScan(a.ean));
    expect(feedback.valid).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    // The screen moves on to b; the scanner's second read of a arrives now.
    nextPick.current = (await db.picks.get(b.id)) as PickRecord;
    act(() => result.current.onScan(a.ean));
    expect(feedback.wrong).not.toHaveBeenCalled();
    expect(result.current.flashStore.get()).toMatchObject({ kind: 'valid' });
    // A second later the same code is a wrong scan for b again.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + PICK_REPEAT_MS + 1);
    act(() => result.current.onScan(a.ean));
    clock.mockRestore();
    expect(feedback.wrong).toHaveBeenCalledWith('A 02');
    expect(await db.outbox.count()).toBe(1);
  });

  it("does not confirm the same product's next location with the scanner's double read of its EAN", async () => {
    // Session 45 (a picker's shift): the product's order lines wait on two neighbouring bins, two picks in a row with
    // the same EAN. The picker takes the first bin's pieces and scans one; the scanner's second read, a moment after
    // the next pick is on screen, confirmed the second bin too: its pieces were counted picked and taken off its stock
    // while they were still on the shelf.
    const a = pickItem({ rack: 'A-01', ean: '8710000099991' });
    const b = pickItem({ rack: 'A-02', ean: '8710000099991', product__id: a.product__id });
    const { db, feedback, result } = await scanning('pick-scan-double-same-product', [a, b]);
    act(() => result.current.onScan(a.ean));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    nextPick.current = (await db.picks.get(b.id)) as PickRecord;
    act(() => result.current.onScan(b.ean));
    expect(feedback.valid).toHaveBeenCalledTimes(1);
    expect(feedback.wrong).not.toHaveBeenCalled();
    expect((await db.picks.get(b.id))?.status).toBe('open');
    expect(await db.outbox.count()).toBe(1);
    // The picker at the second bin, a second later, scans the product: that confirms it.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + PICK_REPEAT_MS + 1);
    act(() => result.current.onScan(b.ean));
    clock.mockRestore();
    expect(feedback.valid).toHaveBeenCalledTimes(2);
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
  });

  it('says a scan of the pick just confirmed is already picked, not a bare "Fout"', async () => {
    // Session 45 (a picker's shift): a picker who scans the second piece of a 2-piece pick (one scan counts both) got
    // 'Fout: <EAN>' as if the product were wrong, and went looking for a mistake that was not there.
    const [a, b] = [
      pickItem({ rack: 'A-01', lines: [2], product__name: 'Cruesli Fruta' }),
      pickItem({ rack: 'A-02' }),
    ];
    const { db, feedback, result } = await scanning('pick-scan-already-picked', [a, b]);
    act(() => result.current.onScan(a.ean));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    nextPick.current = (await db.picks.get(b.id)) as PickRecord;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + PICK_REPEAT_MS + 1);
    act(() => result.current.onScan(a.ean));
    clock.mockRestore();
    // Still the error sound and the next location spoken (spec 2 §4: any other scan), but the verdict says why.
    expect(feedback.wrong).toHaveBeenCalledWith('A 02');
    expect(result.current.flashStore.get()).toMatchObject({
      kind: 'wrong',
      location: 'A-02',
      picked: { qty: 2, name: 'Cruesli Fruta' },
    });
    expect(await db.outbox.count()).toBe(1);
    // Another product is a plain wrong scan.
    act(() => result.current.onScan('8711111111111'));
    expect(result.current.flashStore.get()).toMatchObject({ kind: 'wrong', picked: undefined });
  });

  it('shows the verdict through its store and judges a wrong scan without confirming', async () => {
    const a = pickItem({ rack: 'A-07' });
    const { db, feedback, markConfirmed, result } = await scanning('pick-scan-wrong', [a]);
    act(() => result.current.onScan('8711111111111'));
    expect(result.current.flashStore.get()).toMatchObject({ kind: 'wrong', location: 'A-07' });
    expect(feedback.wrong).toHaveBeenCalledWith('A 07');
    expect(markConfirmed).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('picks an item without a pick location by its EAN and then the location it is taken from, linking it (spec 2 §4)', async () => {
    const loose = pickItem({ lines: [2, 1], loc_id: null, rack: '', prod__loc_id: null });
    const { db, feedback, markConfirmed, result } = await scanning('pick-scan-link', [loose, pickItem()]);
    const bin = 'abcdef0123456789abcdef01';
    // A location before the product: wrong, nothing linked.
    act(() => result.current.onScan(bin));
    expect(result.current.flashStore.get()).toMatchObject({ kind: 'wrong' });
    act(() => result.current.onScan(loose.ean));
    expect(feedback.link).toHaveBeenCalledTimes(1);
    expect(result.current.flashStore.get()).toMatchObject({ kind: 'link' });
    expect(await db.outbox.count()).toBe(0);
    act(() => result.current.onScan(bin.toUpperCase()));
    expect(feedback.valid).toHaveBeenCalledWith(3);
    await waitFor(() => expect(markConfirmed).toHaveBeenCalledWith(loose.id));
    await waitFor(async () => expect(await db.outbox.count()).toBe(3));
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => r.kind)).toEqual(['pick.link', 'pick.confirm', 'pick.confirm']);
    expect(rows[0]?.body).toEqual({
      link_location: bin,
      order_ids: loose.orders.map((o) => o.order_id),
      product_id: loose.product__id,
      quantity: 3,
    });
    expect(rows.slice(1).map((r) => (r.kind === 'pick.confirm' ? r.body.location_id : null))).toEqual([
      bin,
      bin,
    ]);
    expect(new Set(rows.map((r) => r.pickId))).toEqual(new Set([loose.id]));
    expect((await db.picks.get(loose.id))?.status).toBe('queued');
  });
});
