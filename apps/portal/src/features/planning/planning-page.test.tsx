import type { DriveOrder, RoutePlan } from '@hoppa/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgAuth, role, user } from '../../test/fixtures.ts';
import { stubPageRequest } from '../../test/page-request.ts';
import { renderRoutes } from '../../test/render.tsx';
import { PlanningPage } from './planning-page.tsx';

const admin = role('provider_admin', [{ methods: ['*'], path: '/*' }]);
const DEPOT: [number, number] = [4.88969, 52.37403];
const id = (c: string) => c.repeat(24);

function unplaced(): DriveOrder {
  return {
    id: id('e'),
    order_id: 'BB-1034',
    org_id: id('a'),
    org_name: 'Bakkerij Bol',
    placed_at: '2026-12-03T08:00:00.000Z',
    name: 'Sem de Vries',
    street: 'Dorpsstraat 3',
    zip: '1027 AG',
    city: 'Ransdorp',
    country: 'NL',
    location: null,
    place: null,
    placeable: false,
  };
}

/** A plan of two agents: agent-1 with two stops, agent-2 with one; one order not placeable. */
function plan(): RoutePlan {
  const depot = { location: DEPOT, kind: 'depot' as const, order: null, order_id: null, label: 'Hoppa' };
  const stop = (c: string, location: [number, number]) => ({
    location,
    kind: 'stop' as const,
    order: id(c),
    order_id: `BB-${c}`,
    label: `BB-${c}`,
  });
  const feature = (i: number, stops: ReturnType<typeof stop>[], time: number, distance: number) => ({
    type: 'Feature' as const,
    geometry: { type: 'LineString' as const, coordinates: [DEPOT, ...stops.map((s) => s.location), DEPOT] },
    properties: { agent_index: i, agent_id: `agent-${i + 1}`, time, distance, waypoints: [depot, ...stops] },
  });
  return {
    type: 'FeatureCollection',
    features: [
      feature(0, [stop('b', [5.12222, 52.09083]), stop('c', [5.47778, 51.44083])], 3725, 123_456),
      feature(1, [stop('d', [6.56667, 53.21917])], 9000, 250_000),
    ],
    depot: { location: DEPOT, label: 'Hoppa Fulfilment, Havenweg 12, Amsterdam' },
    unplaced: [unplaced()],
    provider: 'in-process',
    assumptions: { road_factor: 1.3, average_speed_kmh: 60, service_time_s: 300 },
  };
}

/** Renders /planning on a fake API; `bodies` gets each route plan request's body. */
function render(bodies: unknown[], lang: 'nl' | 'en' = 'nl') {
  vi.stubGlobal('fetch', (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    if (url.pathname === '/api/orders/drive')
      return Response.json({ items: [unplaced()], total: 34, skip: 0, limit: 1 });
    if (url.pathname === '/api/route_plan') {
      bodies.push(await req.json());
      return Response.json(plan());
    }
    // The map's borders: an empty topology (the map draws no countries, the routes still).
    if (url.pathname.endsWith('.json'))
      return Response.json({
        type: 'Topology',
        objects: { countries: { type: 'GeometryCollection', geometries: [] } },
        arcs: [],
      });
    return Response.json({ statusCode: 404, code: 'not_found', message: 'Not found' }, { status: 404 });
  }) as typeof fetch);
  return renderRoutes([{ path: '/planning', element: <PlanningPage /> }], {
    path: '/planning',
    lang,
    session: { user: user(admin), orgAuth: orgAuth(admin) },
  });
}

describe('Route plan map (spec 3 §2 Route plan map, §7 sales/routes)', { timeout: 30_000 }, () => {
  beforeEach(() => stubPageRequest());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the plan with the drivers chosen and lists each driver by number with HH:mm:ss, km and stops', async () => {
    const bodies: unknown[] = [];
    render(bodies);
    expect(await screen.findByText('34 open orders wachten op de eigen rijders.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Rijders'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Planning ophalen' }));
    const list = await screen.findByTestId('route-list');
    expect(bodies).toEqual([{ agents: 2 }]);
    const rows = within(list).getAllByTestId('route-row');
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['Rijder 1', '01:02:05', '123,5 km', '2'],
      ['Rijder 2', '02:30:00', '250,0 km', '1'],
    ]);
    // The planner's numbering, not its code ('agent-1'), on the map too.
    expect(screen.getAllByTestId('route-stop')[0]?.querySelector('title')?.textContent).toMatch(
      /^Stop 1 van Rijder 1: /,
    );
    expect(within(list).getByText('373,5 km')).toBeTruthy();
    expect(screen.getAllByTestId('route-line')).toHaveLength(2);
    expect(screen.getAllByTestId('route-stop')).toHaveLength(3);
    expect(screen.getByTestId('route-unplaced').textContent).toContain('Ransdorp');
  });

  it('colours the routes in the cycle of five and writes English kilometres with a point', async () => {
    render([], 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Get planning' }));
    await screen.findByTestId('route-list');
    const strokes = screen.getAllByTestId('route-line').map((l) => l.getAttribute('stroke'));
    expect(strokes).toEqual(['#0072B2', '#D55E00']);
    expect(screen.getByText('123.5 km')).toBeTruthy();
  });
});
