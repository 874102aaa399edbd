import type { CurrentUser, PickItem } from '@hoppa/core';
import { MantineProvider } from '@mantine/core';
import { createEvent, fireEvent, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { FloorRoutes } from '../app/app.tsx';
import { SessionProvider } from '../app/session.tsx';
import { SESSION_COPY_KEY } from '../app/session-copy.ts';
import { theme } from '../app/theme.ts';
import { initI18n } from '../i18n/index.ts';
import { floorDb } from '../offline/db.ts';
import { browser, json } from './dom-setup.ts';
import { hexId } from './fixtures.ts';

/** Shows where the router is, so a test can see the guard's redirects. */
function WhereAmI() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/**
 * Renders the floor's routes at `path` (relative to /floor) as the app does: theme, router, session
 * and the routing guard, in `lang` (the browser language decides in the app).
 */
export function renderFloor(path: string, { lang = 'en' }: { lang?: 'nl' | 'en' } = {}) {
  initI18n(lang);
  return render(
    <MantineProvider theme={theme} forceColorScheme="light">
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider>
          <FloorRoutes />
          <WhereAmI />
        </SessionProvider>
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** Empties the app's IndexedDB between tests. */
export async function clearFloorDb(): Promise<void> {
  const db = floorDb();
  await Promise.all([db.picks.clear(), db.outbox.clear(), db.meta.clear(), db.products.clear()]);
  // The device's copy of the session lives in localStorage (ADR 0072).
  globalThis.localStorage?.removeItem(SESSION_COPY_KEY);
}

/**
 * A user as GET /current_user answers: with `picker` the warehouse role that may read and confirm the
 * pick list, else a merchant owner without floor tasks (as a fresh sign-up is).
 */
export function currentUser(kind: 'picker' | 'merchant', overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: hexId(0xabc),
    first_name: kind === 'picker' ? 'Piet' : 'Anna',
    family_name: kind === 'picker' ? 'Picker' : 'de Vries',
    email: kind === 'picker' ? 'picker@demo.hoppa.nl' : 'anna@bakkerijbol.nl',
    phone: '+31 6 1234 5678',
    lang: null,
    is_admin: false,
    confirmed: true,
    curr_role:
      kind === 'picker'
        ? {
            key: 'warehouse_staff',
            name: 'Warehouse staff',
            grants: [{ methods: ['GET', 'POST'], path: '/pick_list/*' }],
            all_orgs: true,
          }
        : {
            key: 'merchant_owner',
            name: 'Merchant owner',
            grants: [{ methods: ['GET'], path: '/orders' }],
            all_orgs: false,
          },
    curr_org: null,
    licences: [],
    ...overrides,
  };
}

/** What {@link pickListServer} answers a `/pick_list/…` request with. */
type PickAnswer = (url: URL) => Response | Promise<Response>;

/**
 * Installs the fake API the pick screen's tests share: `/current_user` answers the demo picker, `/pick_list/pick/…`
 * answers `pages(url)` and `/pick_list/orders/…` `rounds(url)` (404 without it), anything else 404. Returns the pick
 * list URLs asked, in order, and sets the browser online.
 */
export function pickListServer(pages: PickAnswer, rounds?: PickAnswer): URL[] {
  const asked: URL[] = [];
  browser.server = (req) => {
    const url = new URL(req.url);
    if (url.pathname.endsWith('/current_user')) return json(200, currentUser('picker'));
    if (url.pathname.includes('/pick_list/pick/')) {
      asked.push(url);
      return pages(url);
    }
    if (rounds && url.pathname.includes('/pick_list/orders/')) return rounds(url);
    return json(404, { statusCode: 404, code: 'not_found', message: 'Not found' });
  };
  browser.online = true;
  return asked;
}

/** A pick list page of `items` as `GET /pick_list/pick/…` answers it (all of the list, limit 500). */
export function pickListPage(items: PickItem[]): Response {
  return json(200, { items, total: items.length, skip: 0, limit: 500 });
}

/**
 * A keyboard-wedge scanner typing `code` and Enter into `field` (a count field that has the focus): each key's keydown
 * 5 ms after the one before (stamped, so a slow test machine's renders between them do not look like pauses), the
 * character landing in the field as a browser would put it there.
 */
export function wedgeInto(field: HTMLInputElement, code: string): void {
  let stamp = 10_000;
  const press = (key: string) => {
    const event = createEvent.keyDown(field, { key });
    Object.defineProperty(event, 'timeStamp', { value: stamp });
    stamp += 5;
    fireEvent(field, event);
    return !event.defaultPrevented;
  };
  for (const ch of code) if (press(ch)) fireEvent.input(field, { target: { value: field.value + ch } });
  press('Enter');
}

/**
 * Holds the app database's next open (as a slow first open, an upgrade, on a phone) until `release()`: a live query or
 * read cannot answer meanwhile. `restore()` releases it and removes the hold; call it in a `finally`.
 */
export function holdFirstDbOpen(): { release: () => void; restore: () => void } {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = () => held;
  const db = floorDb();
  db.close({ disableAutoOpen: false });
  db.on('ready', hold, true);
  return {
    release: () => release(),
    restore: () => {
      release();
      db.on('ready').unsubscribe(hold);
    },
  };
}
