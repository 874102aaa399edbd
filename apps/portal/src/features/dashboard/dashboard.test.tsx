import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderUi } from '../../test/render.tsx';
import { ScoreboardPage } from './scoreboard-page.tsx';
import { ShellPanel } from './shell-panels.tsx';

const owner = role('merchant_owner', [{ methods: ['GET'], path: '/report/*' }]);

/** Answers the report calls like the API; anything else is a 404. */
function fakeApi(answers: Record<string, unknown>) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const body = answers[new URL(req.url).pathname];
    return body === undefined
      ? new Response('{}', { status: 404 })
      : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

beforeEach(() => {
  stubPageRequest();
});
afterEach(() => vi.unstubAllGlobals());

describe('setup panel (spec 2 §2)', () => {
  it('ticks the steps the API reports done and links the others', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        '/api/report/setup': {
          steps: [
            { key: 'shop', done: true },
            { key: 'apis', done: false },
            { key: 'products', done: true },
            { key: 'inbound', done: false },
            { key: 'orders', done: true },
            { key: 'shipments', done: false },
            { key: 'dashboard', done: false },
          ],
        },
      }),
    );
    renderUi(<ShellPanel kind="setup" onClose={() => {}} />, {
      path: '/home',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    expect((await screen.findByTestId('setup-step-products')).dataset.done).toBe('true');
    expect(screen.getByTestId('setup-step-apis').dataset.done).toBe('false');
    expect(screen.getByText('3 van 7 stappen klaar')).toBeTruthy();
    expect(within(screen.getByTestId('setup-step-apis')).getByRole('link').getAttribute('href')).toBe(
      '/settings/apis',
    );
    expect(within(screen.getByTestId('setup-step-orders')).queryByRole('link')).toBeNull();
  });
});

describe('scoreboard (spec 1 §2)', () => {
  it('totals each person over both reports, most first, and says No data for an empty chart', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        '/api/report/pick': [
          ['hour', 'Piet Jansen', 'Anna de Vries'],
          ['08:00', 10, 1],
          ['09:00', 5, 0],
        ],
        '/api/report/pack': [['hour']],
        '/api/report/pack_details': { categories: [], series: [] },
      }),
    );
    renderUi(<ScoreboardPage />, {
      path: '/scoreboard',
      session: { user: user(owner), orgAuth: orgAuth(owner) },
    });
    const table = await screen.findByTestId('scoreboard-players-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Piet Jansen15015', 'Anna de Vries101']);
    expect(within(screen.getByTestId('scoreboard-pack')).getByText(/No data|Geen gegevens/)).toBeTruthy();
  });
});
