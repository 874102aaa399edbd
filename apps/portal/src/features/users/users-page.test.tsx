import type { AddUsersResult, Plan, ShopUser } from '@hoppa/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi } from '../../test/fake-api.ts';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { UserSettingsPage } from './user-settings-page.tsx';
import { UsersPage } from './users-page.tsx';

const owner = role('merchant_owner', [
  { methods: ['GET', 'POST'], path: '/users' },
  { methods: ['PUT'], path: '/users/licence' },
  { methods: ['GET'], path: '/plans' },
  { methods: ['PUT'], path: '/current_user' },
]);
const reader = role('merchant_user', [{ methods: ['GET'], path: '/users' }]);
const CSR = '5e1ec7000000000000000001';
const STAKE = '5e1ec7000000000000000002';
const plans: Plan[] = [
  {
    id: CSR,
    name: 'CSR Manager',
    description: '<p>Runs the shop</p>',
    descriptions: { en: '<p>Runs the shop</p>' },
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
const shopUser = (n: number, over: Partial<ShopUser> = {}): ShopUser => ({
  _id: String(n).padStart(24, 'a'),
  first_name: `First${n}`,
  family_name: `Last${n}`,
  email: `u${n}@shop.nl`,
  phone: '',
  lang: null,
  confirmed: true,
  org_id: 'cccccccccccccccccccccccc',
  org_name: 'Bakkerij Bol',
  licence_id: CSR,
  licence_name: 'CSR Manager',
  role: 'merchant_owner',
  stakeholders_group: null,
  is_me: n === 1,
  ...over,
});

/** The add form's send button once the licences have loaded (it is disabled until then). */
async function sendWhenReady(name = 'Send invitation'): Promise<HTMLButtonElement> {
  const send = (await screen.findByRole('button', { name })) as HTMLButtonElement;
  await waitFor(() => expect(send.disabled).toBe(false));
  return send;
}

function render(
  r: typeof owner,
  path = '/settings/users',
  calls: Call[] = [],
  extra: Record<string, unknown> = {},
  lang: 'en' | 'nl' = 'en',
) {
  const items = [
    shopUser(1),
    shopUser(2, { confirmed: false, licence_id: STAKE, licence_name: 'Stakeholders' }),
    shopUser(3, { licence_id: null, licence_name: null }),
  ];
  vi.stubGlobal(
    'fetch',
    fakeApi(
      {
        'GET /api/users': { items, total: 2, skip: 0, limit: 25 },
        'GET /api/plans': plans,
        'PUT /api/users/licence': (c: Call) => ({
          ...items[1],
          licence_id: CSR,
          licence_name: 'CSR Manager',
          ...(c.body as object),
        }),
        'POST /api/users/password_reset/email': { ok: true, message: 'sent' },
        'POST /api/users': {
          invited: 1,
          added: 0,
          errors: [],
          user_ids: ['dddddddddddddddddddddddd'],
        } satisfies AddUsersResult,
        ...extra,
      },
      calls,
    ),
  );
  const me = user(r, {
    curr_org: {
      id: 'cccccccccccccccccccccccc',
      name: 'Bakkerij Bol',
      kind: 'merchant',
      licences: [
        { name: 'CSR Manager', used: 1, count: 3 },
        { name: 'Stakeholders', used: 1, count: 5 },
      ],
    },
  });
  return renderRoutes(
    [
      { path: '/settings/users', element: <UsersPage /> },
      { path: '/settings/users/add', element: <UsersPage /> },
      { path: '/settings/users/import', element: <UsersPage /> },
      { path: '/settings/user', element: <UserSettingsPage /> },
    ],
    { path, session: { user: me, orgAuth: orgAuth(r) }, lang },
  );
}

describe('users and licences (spec 3 §2 Users)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('lists names, e-mail, licence select, status badge and the licence counts; changes a licence', async () => {
    const calls: Call[] = [];
    render(owner, '/settings/users', calls);
    expect(await screen.findByText('u1@shop.nl')).toBeTruthy();
    expect(screen.getByText('CSR Manager: 1 of 3 in use')).toBeTruthy();
    // A user who has not set a password yet shows a short 'Invited' badge, the full sentence as its tooltip.
    const invited = screen.getAllByText('Invited');
    expect(invited.length).toBeGreaterThan(0);
    expect(invited[0]?.closest('[title]')?.getAttribute('title')).toBe('Not verified yet: invitation sent');
    // A user without a licence says so instead of showing an empty select.
    const [none] = screen.getAllByLabelText('Licence of First3 Last3', { selector: 'input' });
    expect((none as HTMLInputElement).placeholder).toBe('No licence');
    // The input, not the select's listbox (labelled alike), which comes first when Mantine's portal precedes the page.
    const [select] = screen.getAllByLabelText('Licence of First2 Last2', { selector: 'input' });
    if (!select) throw new Error('no licence select');
    fireEvent.click(select);
    const listbox = await waitFor(() => {
      const el = document.getElementById(select.getAttribute('aria-controls') ?? '');
      if (!el) throw new Error('no listbox yet');
      return el;
    });
    fireEvent.click(within(listbox).getByRole('option', { name: 'CSR Manager', hidden: true }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/users/licence')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      user_id: shopUser(2)._id,
      licence_id: CSR,
    });
  });

  it('sends the reset mail through the password-reset call', async () => {
    const calls: Call[] = [];
    render(owner, '/settings/users', calls);
    fireEvent.click(await screen.findByRole('button', { name: 'Send First2 Last2 a password reset mail' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/users/password_reset/email')?.body).toEqual({
        email: 'u2@shop.nl',
      }),
    );
    expect(await screen.findByText('A reset link was mailed to u2@shop.nl.')).toBeTruthy();
  });

  it('invites from the add form with the first and last name required', async () => {
    const calls: Call[] = [];
    render(owner, '/settings/users/add', calls);
    const send = await sendWhenReady();
    fireEvent.click(send);
    expect(await screen.findAllByText('This field is required!')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users')).toBe(false);
    fireEvent.input(screen.getByRole('textbox', { name: /^First name/ }), { target: { value: 'Sanne' } });
    fireEvent.input(screen.getByRole('textbox', { name: /^Last name/ }), { target: { value: 'Smit' } });
    fireEvent.input(screen.getByRole('textbox', { name: /^E-mail/ }), {
      target: { value: 'sanne@shop.nl' },
    });
    fireEvent.click(send);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/users')?.body).toEqual({
      rows: [
        {
          first_name: 'Sanne',
          family_name: 'Smit',
          email: 'sanne@shop.nl',
          licence: STAKE,
          stakeholders_group: '',
        },
      ],
    });
    expect(await screen.findByText('Invitation sent to sanne@shop.nl.')).toBeTruthy();
  });

  it('cannot send an invitation before the licences have loaded, then sends the licence it shows', async () => {
    const calls: Call[] = [];
    let answerPlans: (p: Plan[]) => void = () => {};
    const plansLater = new Promise<Plan[]>((resolve) => {
      answerPlans = resolve;
    });
    render(owner, '/settings/users/add', calls, { 'GET /api/plans': () => plansLater });
    fireEvent.input(await screen.findByRole('textbox', { name: /^First name/ }), {
      target: { value: 'Sanne' },
    });
    fireEvent.input(screen.getByRole('textbox', { name: /^Last name/ }), { target: { value: 'Smit' } });
    fireEvent.input(screen.getByRole('textbox', { name: /^E-mail/ }), { target: { value: 'sanne@shop.nl' } });
    const send = screen.getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByPlaceholderText('Loading licences…')).toBeTruthy();
    fireEvent.submit(send.closest('form') as HTMLFormElement);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users')).toBe(false);
    answerPlans(plans);
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/users')?.body;
    expect(sent).toMatchObject({ rows: [{ first_name: 'Sanne', licence: STAKE }] });
  });

  it('shows a refused row’s reason under the form', async () => {
    render(owner, '/settings/users/add', [], {
      'POST /api/users': {
        invited: 0,
        added: 0,
        errors: [{ row: 1, email: 'x@y.nl', reason: 'already a user of this shop' }],
        user_ids: [],
      },
    });
    fireEvent.input(await screen.findByRole('textbox', { name: /^First name/ }), { target: { value: 'X' } });
    fireEvent.input(screen.getByRole('textbox', { name: /^Last name/ }), { target: { value: 'Y' } });
    fireEvent.input(screen.getByRole('textbox', { name: /^E-mail/ }), { target: { value: 'x@y.nl' } });
    fireEvent.click(await sendWhenReady());
    expect(await screen.findByText('already a user of this shop')).toBeTruthy();
  });

  it('words the coded refusals in the UI’s language: already a user, no free licence of the plan', async () => {
    const refuse = (code: 'already_member' | 'no_free_licence', reason: string) => ({
      'POST /api/users': {
        invited: 0,
        added: 0,
        errors: [{ row: 1, email: 'x@y.nl', reason, code, licence: 'Stakeholders' }],
        user_ids: [],
      },
    });
    const fill = async () => {
      fireEvent.input(await screen.findByRole('textbox', { name: /^Voornaam/ }), { target: { value: 'X' } });
      fireEvent.input(screen.getByRole('textbox', { name: /^Achternaam/ }), { target: { value: 'Y' } });
      fireEvent.input(screen.getByRole('textbox', { name: /^E-mail/ }), { target: { value: 'x@y.nl' } });
      fireEvent.click(await sendWhenReady('Uitnodiging sturen'));
    };
    render(owner, '/settings/users/add', [], refuse('already_member', 'already a user of this shop'), 'nl');
    await fill();
    expect(await screen.findByText('Is al gebruiker van deze winkel')).toBeTruthy();
    expect(screen.queryByText('already a user of this shop')).toBeNull();
    cleanup();
    render(
      owner,
      '/settings/users/add',
      [],
      refuse('no_free_licence', 'no free "Stakeholders" licence left'),
      'nl',
    );
    await fill();
    expect(
      await screen.findByText('Geen vrije licentie “Stakeholders” meer: voeg licenties toe onder Abonnement'),
    ).toBeTruthy();
  });

  it('offers the import wizard inside the page', async () => {
    render(owner, '/settings/users/import');
    expect(await screen.findAllByText('Choose file')).not.toHaveLength(0);
  });

  it('offers nothing to add or change to a read-only user', async () => {
    render(reader);
    await screen.findAllByText('u1@shop.nl');
    expect(screen.queryByRole('link', { name: 'Add user' })).toBeNull();
    const selects = screen.getAllByLabelText(/^Licence of/).filter((e) => e.tagName === 'INPUT');
    expect(selects.every((s) => (s as HTMLInputElement).disabled)).toBe(true);
  });
});

describe('User settings: name, phone and language (issue 16)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('saves the language and the phone in international form, and says French falls back to English', async () => {
    const calls: Call[] = [];
    render(owner, '/settings/user', calls, {
      'PUT /api/current_user': (c: Call) => ({ ...user(owner), ...(c.body as object) }),
    });
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    fireEvent.input(phone, { target: { value: '06 1234 5678' } });
    fireEvent.click(screen.getByText('Français'));
    expect(await screen.findByTestId('lang-fallback')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/current_user')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      first_name: 'Anna',
      family_name: 'de Vries',
      phone: '+31 6 1234 5678',
      lang: 'fr',
    });
  });

  it('refuses an invalid phone number before sending', async () => {
    const calls: Call[] = [];
    render(owner, '/settings/user', calls);
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    fireEvent.input(phone, { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Phone: Country code'), {
      target: { value: 'be' },
    });
    fireEvent.input(phone, { target: { value: 'x12' } });
    fireEvent.blur(phone);
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
  });
});
