import type { CurrentSubscription, Plan } from '@hoppa/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi } from '../../test/fake-api.ts';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { PricingPage } from './pricing-page.tsx';
import { SubscriptionPage } from './subscription-page.tsx';
import { TermsPage } from './terms-page.tsx';

const owner = role('merchant_owner', [
  { methods: ['GET', 'POST', 'PUT'], path: '/subscriptions*' },
  { methods: ['GET'], path: '/plans' },
  { methods: ['GET'], path: '/current_subscr' },
  { methods: ['GET'], path: '/accept_terms' },
]);
const CSR = '5e1ec7000000000000000001';
const STAKE = '5e1ec7000000000000000002';
const text = (id: string) => (screen.getByTestId(id).textContent ?? '').replace(/\s/g, ' ');
const plans: Plan[] = [
  {
    id: CSR,
    name: 'CSR Manager',
    description: '<p>Runs <b>the shop</b><img src=x onerror="alert(1)"></p>',
    descriptions: {
      en: '<p>Runs <b>the shop</b><img src=x onerror="alert(1)"></p>',
      nl: '<p>Beheert <b>de winkel</b><img src=x onerror="alert(1)"></p>',
    },
    price_cents: 35,
    role: 'merchant_owner',
  },
  {
    id: STAKE,
    name: 'Stakeholders',
    description: '<p>Reads along</p>',
    descriptions: { en: '<p>Reads along</p>' },
    price_cents: 10,
    role: 'merchant_user',
  },
];
const none: CurrentSubscription = {
  org_id: 'cccccccccccccccccccccccc',
  subscription: null,
  terms_version: '2026-11',
  terms_accepted: null,
};

const accepted: CurrentSubscription = {
  ...none,
  terms_accepted: {
    version: '2026-11',
    accepted_at: '2026-11-26T10:00:00.000Z',
    accepted_by: 'Anna de Vries',
  },
};

function render(path: string, calls: Call[] = [], lang: 'nl' | 'en' = 'en', current = none) {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:terms' }));
  vi.stubGlobal(
    'fetch',
    fakeApi(
      {
        'GET /api/plans': plans,
        'GET /api/current_subscr': current,
        'GET /api/subscriptions': { items: [], total: 0, skip: 0, limit: 10 },
        'GET /api/terms/pdf': () =>
          new Response(new Blob(['%PDF-1.4']), { headers: { 'content-type': 'application/pdf' } }),
        'GET /api/accept_terms': {
          version: '2026-11',
          accepted_at: '2026-11-26T10:00:00.000Z',
          accepted_by: 'Anna de Vries',
        },
        'POST /api/subscriptions': {
          id: 'eeeeeeeeeeeeeeeeeeeeeeee',
          org_id: 'cccccccccccccccccccccccc',
          org_name: 'Bakkerij Bol',
          plans: [],
          subtotal_cents: 100,
          discount_cents: 5,
          total_cents: 95,
          created_at: '2026-11-26T10:00:00.000Z',
          created_by: 'Anna de Vries',
          ended_at: null,
        },
      },
      calls,
    ),
  );
  const me = user(owner, {
    curr_org: {
      id: 'cccccccccccccccccccccccc',
      name: 'Bakkerij Bol',
      kind: 'merchant',
      licences: [
        { name: 'CSR Manager', used: 2, count: 0 },
        { name: 'Stakeholders', used: 0, count: 0 },
      ],
    },
  });
  return renderRoutes(
    [
      { path: '/subscriptions/add', element: <PricingPage /> },
      { path: '/subscriptions/terms', element: <TermsPage /> },
      { path: '/settings/subscription', element: <SubscriptionPage /> },
    ],
    { path, lang, session: { user: me, orgAuth: orgAuth(owner) } },
  );
}

describe('pricing and terms (spec 3 §2, §4 terms continue rule)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('lists plans with the price per order in nl-NL euro, starts at the licences in use and totals in cents', async () => {
    const { router } = render('/subscriptions/add');
    expect(await screen.findByText(/0,35 per order/)).toBeTruthy();
    expect(screen.getByText(/0,10 per order/)).toBeTruthy();
    // Two CSR Manager licences are in use: the count starts there.
    expect(text('subtotal')).toBe('€ 0,70');
    expect(document.body.innerHTML).not.toContain('onerror');
    fireEvent.input(screen.getByRole('textbox', { name: 'Licences of Stakeholders' }), {
      target: { value: '3' },
    });
    // 70 + 30 = 100; 5 licences: 5 % = 5.
    await waitFor(() => expect(text('subtotal')).toBe('€ 1,00'));
    expect(text('discount')).toBe('− € 0,05');
    expect(text('total')).toBe('€ 0,95');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the terms' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions/terms'));
    expect(router.state.location.search).toBe(`?plans=${CSR}:2,${STAKE}:3`);
  });

  it('shows each plan described in the UI language, English where it has no Dutch text', async () => {
    render('/subscriptions/add', [], 'nl');
    const csr = await screen.findByText('Beheert');
    expect(csr.closest('div')?.textContent).toBe('Beheert de winkel');
    expect(screen.queryByText(/Runs/)).toBeNull();
    expect(screen.getByText('Reads along')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain('onerror');
  });

  it('keeps Continue disabled until the terms are accepted, then accepts and subscribes', async () => {
    const calls: Call[] = [];
    const { router } = render(`/subscriptions/terms?plans=${CSR}:2,${STAKE}:3`, calls);
    const cont = await screen.findByRole('button', { name: 'Continue' });
    expect((cont as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByTitle('Terms of service (PDF)')).toBeTruthy();
    // The English text of the terms for a user reading the portal in English.
    expect(calls.filter((c) => c.path === '/api/terms/pdf').map((c) => c.search)).toEqual(['?lang=en']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of service' }));
    expect((cont as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(cont);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/subscription'));
    const order = calls
      .filter((c) => c.method !== 'GET' || c.path === '/api/accept_terms')
      .map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual(['GET /api/accept_terms', 'POST /api/subscriptions']);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      subscription: [
        { id: CSR, count: 2 },
        { id: STAKE, count: 3 },
      ],
    });
  });

  it('shows accepted terms as a ticked, fixed box with who and when; unaccepted ones as an open box without', async () => {
    const calls: Call[] = [];
    const { unmount } = render(`/subscriptions/terms?plans=${CSR}:2`, calls, 'nl', accepted);
    const box = (await screen.findByRole('checkbox', {
      name: 'Ik accepteer de algemene voorwaarden',
    })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    expect(screen.getByText(/^Geaccepteerd door Anna de Vries op /)).toBeTruthy();
    // Nothing left to tick: Continue saves the licences at once.
    expect((screen.getByRole('button', { name: 'Verder' }) as HTMLButtonElement).disabled).toBe(false);
    unmount();

    render('/subscriptions/terms', [], 'nl', none);
    const open = (await screen.findByRole('checkbox', {
      name: 'Ik accepteer de algemene voorwaarden',
    })) as HTMLInputElement;
    expect(open.checked).toBe(false);
    expect(open.disabled).toBe(false);
    expect(screen.queryByText(/Geaccepteerd door/)).toBeNull();
  });

  it('shows a Dutch user the Dutch text of the terms', async () => {
    const calls: Call[] = [];
    render('/subscriptions/terms', calls, 'nl');
    expect(await screen.findByTitle('Algemene voorwaarden (PDF)')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/terms/pdf').map((c) => c.search)).toEqual(['?lang=nl']);
  });

  it('links the accepted terms version on the subscription settings page to the terms PDF in the UI language', async () => {
    for (const [lang, view, version] of [
      ['en', 'View terms (PDF)', /Terms 2026-11: accepted by Anna de Vries/],
      ['nl', 'Voorwaarden bekijken (pdf)', /Voorwaarden 2026-11: geaccepteerd door Anna de Vries/],
    ] as const) {
      const calls: Call[] = [];
      const { unmount } = render('/settings/subscription', calls, lang, accepted);
      expect(await screen.findByText(version)).toBeTruthy();
      const link = await screen.findByRole('link', { name: view });
      expect(link.getAttribute('href')).toBe('blob:terms');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(calls.filter((c) => c.path === '/api/terms/pdf').map((c) => c.search)).toEqual([
        `?lang=${lang}`,
      ]);
      unmount();
    }
  });

  it('offers the terms PDF to open and download beside the frame, for a browser that shows no PDF inline', async () => {
    for (const [lang, open, download, file] of [
      ['en', 'Open PDF', 'Download PDF', 'hoppa-terms-of-service-2026-11.pdf'],
      ['nl', 'PDF openen', 'PDF downloaden', 'hoppa-algemene-voorwaarden-2026-11.pdf'],
    ] as const) {
      const { unmount } = render('/subscriptions/terms', [], lang);
      const opener = await screen.findByRole('link', { name: open });
      expect(opener.getAttribute('href')).toBe('blob:terms');
      expect(opener.getAttribute('target')).toBe('_blank');
      const saver = screen.getByRole('link', { name: download });
      expect(saver.getAttribute('href')).toBe('blob:terms');
      expect(saver.getAttribute('download')).toBe(file);
      unmount();
    }
  });
});
