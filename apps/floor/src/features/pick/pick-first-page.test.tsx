// @vitest-environment jsdom
// First: installs fake IndexedDB and the browser stubs before Dexie and canvas-confetti load.
import '../../test/dom-setup.ts';
import { amsterdamWallTime, amsterdamWallTimeToIso } from '@hoppa/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTER_BASENAME } from '../../app/api.ts';
import { startSessionCheck } from '../../app/session.tsx';
import { writeSessionCopy } from '../../app/session-copy.ts';
import { outboxSender } from '../../app/sync.ts';
import { browser, json } from '../../test/dom-setup.ts';
import { pickItem } from '../../test/fixtures.ts';
import { clearFloorDb, currentUser, pickListPage, renderFloor } from '../../test/render.tsx';
import { defaultPickFilter } from './pick.rules.ts';
import { startEarlyPickDownload } from './pick-early.ts';
import { PICK_FIRST_PAGE_SIZE, sendFirstPickPage, takeFirstPickPage } from './pick-first-page.ts';

afterEach(() => {
  cleanup();
  outboxSender().stop();
  browser.reset();
});

/** A fake API whose `/current_user` answers only when `answerSession` is called; the list's pages are recorded. */
function heldSessionServer(items: ReturnType<typeof pickItem>[]) {
  const asked: URL[] = [];
  const sessionAsked: string[] = [];
  let answerSession: () => void = () => undefined;
  const session = new Promise<void>((resolve) => (answerSession = resolve));
  browser.server = async (req) => {
    const url = new URL(req.url);
    if (url.pathname.endsWith('/current_user')) {
      sessionAsked.push(url.pathname);
      await session;
      return json(200, currentUser('picker'));
    }
    if (url.pathname.includes('/pick_list/pick/')) {
      asked.push(url);
      return pickListPage(items);
    }
    return json(404, { statusCode: 404, code: 'not_found', message: 'Not found' });
  };
  browser.online = true;
  return { asked, sessionAsked, answerSession };
}

describe("the pick list's first page on a fresh device (ADR 0078)", () => {
  it('leaves beside the session check, before /current_user has answered, and the screen shows it without asking again', async () => {
    await clearFloorDb();
    const item = pickItem({ rack: 'C-04-01', ean: '8712100486517', lines: [1] });
    const server = heldSessionServer([item]);

    startSessionCheck();
    sendFirstPickPage(`${ROUTER_BASENAME}/pick`);
    // The session check has not answered: the page is on its way all the same.
    await waitFor(() => expect(server.asked).toHaveLength(1));
    expect(server.sessionAsked).toHaveLength(1);
    const first = server.asked[0] as URL;
    expect(first.searchParams.get('skip')).toBe('0');
    expect(first.searchParams.get('limit')).toBe(String(PICK_FIRST_PAGE_SIZE));
    expect(decodeURIComponent(first.pathname)).toContain(`/${defaultPickFilter().start}/`);

    // As in the app: the session check's answer is written as the device's copy before the early download starts.
    server.answerSession();
    writeSessionCopy(currentUser('picker'));
    startEarlyPickDownload();
    renderFloor('/pick', { lang: 'nl' });
    expect((await screen.findByTestId('pick-location')).textContent).toBe('C-04-01');
    await waitFor(() => expect(screen.getByTestId('pick-card').dataset.pickId).toBe(item.id));
    // The early download took the page sent beside the session check: the list was asked once.
    expect(server.asked).toHaveLength(1);
  });

  it('is not sent on another screen, nor on a device that has a session copy or is offline', async () => {
    await clearFloorDb();
    const server = heldSessionServer([]);
    sendFirstPickPage(`${ROUTER_BASENAME}/login`);
    expect(takeFirstPickPage()).toBeNull();
    writeSessionCopy(currentUser('picker'));
    sendFirstPickPage(`${ROUTER_BASENAME}/pick`);
    expect(takeFirstPickPage()).toBeNull();
    writeSessionCopy(null);
    sendFirstPickPage(`${ROUTER_BASENAME}/pick`);
    expect(takeFirstPickPage()).toBeNull();
    await clearFloorDb();
    browser.online = false;
    sendFirstPickPage(`${ROUTER_BASENAME}/pick`);
    expect(takeFirstPickPage()).toBeNull();
    // On the pick screen of a fresh, online device it is sent, and taken once.
    browser.online = true;
    sendFirstPickPage(`${ROUTER_BASENAME}/pick/`);
    const sent = takeFirstPickPage();
    expect(sent?.filter).toEqual(defaultPickFilter());
    expect(takeFirstPickPage()).toBeNull();
    await sent?.page;
    expect(server.asked).toHaveLength(1);
  });
});

/** The default filter reckoned with the time zone database (core's dates, date-fns' TZDate), as it was before ADR 0091. */
function zoneDatabaseFilter(now: Date) {
  const at = (days: number, hour: number) => amsterdamWallTimeToIso(amsterdamWallTime(now, { days, hour }));
  return { start: at(-4, 0), end: at(0, 22), reverse: false, singleOrders: false, multiOrders: false };
}

describe('defaultPickFilter without the time zone data (ADRs 0078, 0091)', () => {
  it("is the time zone database's Amsterdam days from 2026 to 2030 and around every DST change", () => {
    const times: number[] = [];
    // Every 7 h 11 min (every hour of the day comes round), and every 20 min of the days around each change.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2031, 0, 1); t += 431 * 60_000) times.push(t);
    for (let year = 2026; year <= 2030; year++)
      for (const month of [2, 9]) {
        const last = Date.UTC(year, month + 1, 0);
        const change = last - new Date(last).getUTCDay() * 86_400_000 + 3_600_000;
        for (let t = change - 30 * 3_600_000; t < change + 30 * 3_600_000; t += 20 * 60_000) times.push(t);
        // Four days later the window's start crosses the change.
        for (let t = change + 72 * 3_600_000; t < change + 120 * 3_600_000; t += 20 * 60_000) times.push(t);
      }
    const differ = times.filter(
      (t) =>
        JSON.stringify(defaultPickFilter(new Date(t))) !== JSON.stringify(zoneDatabaseFilter(new Date(t))),
    );
    expect(differ.map((t) => new Date(t).toISOString())).toEqual([]);
    expect(defaultPickFilter(new Date('2026-03-30T10:00:00Z')).start).toBe('2026-03-25T23:00:00.000Z');
    expect(defaultPickFilter(new Date('2026-07-15T12:00:00Z')).end).toBe('2026-07-15T20:00:00.000Z');
  }, 60_000);
});
