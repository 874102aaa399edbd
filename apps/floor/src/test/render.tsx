import type { CurrentUser } from '@hoppa/core';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { FloorRoutes } from '../app/app.tsx';
import { SessionProvider } from '../app/session.tsx';
import { SESSION_COPY_KEY } from '../app/session-copy.ts';
import { theme } from '../app/theme.ts';
import { initI18n } from '../i18n/index.ts';
import { floorDb } from '../offline/db.ts';
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
