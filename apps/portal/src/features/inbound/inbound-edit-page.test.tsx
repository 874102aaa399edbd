import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { type Call, fakeApi, hex, INBOUND_OWNER_GRANTS, inbound } from './inbound.test-data.ts';
import { InboundEditPage } from './inbound-edit-page.tsx';

const owner = role('merchant_owner', INBOUND_OWNER_GRANTS);
const ID = hex(104);

function renderEdit(answer: unknown, calls: Call[] = [], put: unknown = answer) {
  vi.stubGlobal(
    'fetch',
    fakeApi({ [`GET /api/inbound/${ID}`]: answer, [`PUT /api/inbound/edit/${ID}`]: put }, calls),
  );
  return renderRoutes(
    [
      { path: '/overview_checkin/:id', element: <InboundEditPage /> },
      { path: '/checkin_inventory/:id', element: <p>detail page</p> },
    ],
    { path: `/overview_checkin/${ID}`, session: { user: user(owner), orgAuth: orgAuth(owner) } },
  );
}

describe('edit inbound details (spec 2 §2 /overview_checkin/{id}, §4, §5)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('saves the information of a pending inbound, refusing an empty required field', async () => {
    const calls: Call[] = [];
    const { router } = renderEdit(inbound(4), calls);
    const tt = await screen.findByLabelText(/^Track & Trace/);
    expect((tt as HTMLInputElement).value).toBe('3SHOP123');
    fireEvent.input(tt, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Track & Trace is required.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.input(tt, { target: { value: 'NEW-TT-1' } });
    fireEvent.input(screen.getByLabelText(/^Contact person email/), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Valid email is required.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText(/^Contact person email/), {
      target: { value: 'piet@example.nl' },
    });
    // The phone field: a national number in the default country nl is sent in the international form.
    fireEvent.input(screen.getByRole('textbox', { name: /^Phone/ }), { target: { value: '020-1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/checkin_inventory/${ID}`));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      contact_person: 'Anna de Vries',
      contact_person_email: 'piet@example.nl',
      phone: '+31 20-1234567',
      shipping_address: 'Oudegracht 12, 3511 LX Utrecht',
      track_trace: 'NEW-TT-1',
      expected_delivery: '2026-06-03',
    });
  });

  it('refuses a phone number that breaks the phone rule, with the rule message (spec 3 §5)', async () => {
    const calls: Call[] = [];
    renderEdit(inbound(4), calls);
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    expect((phone as HTMLInputElement).value).toBe('0612345678');
    fireEvent.input(phone, { target: { value: 'bel me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("refuses editing a checked-in inbound with the spec's message and sends nothing", async () => {
    const calls: Call[] = [];
    renderEdit(inbound(4, { status: 'checked_in', checked_in_at: '2026-06-03T12:00:00.000Z' }), calls);
    expect((await screen.findByTestId('edit-refused')).textContent).toBe(
      'Only open (expected) inbounds can be changed.',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/^Track & Trace/)).toHaveProperty('disabled', true);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says it in Dutch with the words of the API', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        [`GET /api/inbound/${ID}`]: inbound(4, {
          status: 'checked_in',
          checked_in_at: '2026-06-03T12:00:00.000Z',
        }),
      }),
    );
    renderRoutes([{ path: '/overview_checkin/:id', element: <InboundEditPage /> }], {
      path: `/overview_checkin/${ID}`,
      lang: 'nl',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    expect((await screen.findByTestId('edit-refused')).textContent).toBe(
      'Alleen openstaande inbounds kunnen worden gewijzigd',
    );
  });

  it('shows the same message when the inbound was checked in meanwhile (409)', async () => {
    renderEdit(
      inbound(4),
      [],
      Response.json(
        {
          statusCode: 409,
          code: 'inbound_not_pending',
          message: 'Alleen openstaande inbounds kunnen worden gewijzigd',
        },
        { status: 409 },
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('edit-refused')).textContent).toBe(
      'Only open (expected) inbounds can be changed.',
    );
  });
});
