import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScanListener } from '../../lib/use-scan-listener.ts';
import { renderRoutes, renderUi } from '../../test/render.tsx';
import { OrderFilters, type OrderFilterValues } from './components/order-filters.tsx';
import { useOpenOrdersFilters } from './use-open-orders-filters.ts';

const NO_SCAN = { selectedEan: null, pickedLocation: null };

/** The filter hook's state as text, and a button that makes the bar's changes `patch`, one after the other. */
function Probe({ patch }: { patch: Partial<OrderFilterValues> | Partial<OrderFilterValues>[] }) {
  const { filters, setFilters } = useOpenOrdersFilters(NO_SCAN);
  return (
    <>
      <output data-testid="state">{`${filters.until}|${filters.red}|${filters.packSize}|${filters.org}`}</output>
      <button
        type="button"
        onClick={() => {
          for (const p of Array.isArray(patch) ? patch : [patch]) setFilters(p);
        }}
      >
        change
      </button>
    </>
  );
}

describe('the open orders filters (spec 1 §2)', () => {
  it.each([
    {
      // A toggle right after a new period leaves the period.
      name: 'a change keeps what the URL holds now',
      path: '/orders?until=2026-11-30+23%3A59%3A00&pack=1',
      patch: { red: true },
    },
    {
      // react-router hands its functional update the params of the last render.
      name: 'two changes before the next render both stay',
      path: '/orders?pack=1',
      patch: [{ until: '2026-11-30 23:59:00' }, { red: true }],
    },
  ])('$name', async ({ path, patch }) => {
    const { router } = renderUi(<Probe patch={patch} />, { path });
    fireEvent.click(screen.getByRole('button', { name: 'change' }));
    await waitFor(() =>
      expect(screen.getByTestId('state').textContent).toBe('2026-11-30 23:59:00|true|1|null'),
    );
    expect(router.state.location.search).toBe('?until=2026-11-30+23%3A59%3A00&pack=1&red=true');
  });

  it('maps the bar’s names to the URL’s, and "every organisation" to none', async () => {
    const { router } = renderUi(<Probe patch={{ packSize: '2', org: null, locations: ['A-01', 'B-02'] }} />, {
      path: '/orders?org=0000000000000000000000aa&red=true',
    });
    fireEvent.click(screen.getByRole('button', { name: 'change' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pack=2&loc=A-01%2CB-02&red=true'));
  });

  it('the bar sends only the field that changed, whatever value it was last given', async () => {
    const onChange = vi.fn();
    // A stale value, as while the URL's new period is still rendering: it must not travel with the toggle.
    const stale: OrderFilterValues = {
      from: '2026-11-25 00:00:00',
      until: '2026-11-29 22:00:00',
      packSize: 'all',
      locations: [],
      methods: [],
      limit: 100,
      red: false,
      b2b: false,
      org: null,
    };
    renderUi(
      <OrderFilters value={stale} onChange={onChange} locationSuggestions={[]} methods={[]} orgs={[]} />,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Warning orders only' }));
    expect(onChange).toHaveBeenCalledWith({ red: true });
    fireEvent.click(screen.getByRole('switch', { name: 'B2B orders only' }));
    expect(onChange).toHaveBeenLastCalledWith({ b2b: true });
  });
});

/** Never settles: what a render waits on that the test does not let finish. */
const UNFINISHED = new Promise<never>(() => {});
/** The period whose render UnfinishedFor holds up, once React has rendered the page with it. */
let heldUp: string | null = null;

/**
 * The part of the page that has not finished rendering the period `until` when the packer clicks on (a slow list, a
 * render React set aside): it suspends for that period, so the router's transition to it stays uncommitted.
 */
function UnfinishedFor({ until, shown }: { until: string | undefined; shown: string }) {
  if (shown !== until) return null;
  heldUp = shown;
  return use(UNFINISHED);
}

/** The open orders page's filter bar as the page wires it, with its scan listener (whose pause follows the focus). */
function FilterBarPage({ unfinished }: { unfinished?: string }) {
  const { filters, setFilters } = useOpenOrdersFilters(NO_SCAN);
  const { paused } = useScanListener(() => {});
  return (
    <>
      <output data-testid="paused">{String(paused)}</output>
      <OrderFilters value={filters} onChange={setFilters} locationSuggestions={[]} methods={[]} orgs={[]} />
      <Suspense fallback={null}>
        <UnfinishedFor until={unfinished} shown={filters.until} />
      </Suspense>
    </>
  );
}

/** What the router shows before the route's first load (nothing: the test looks at the page after it). */
function NothingYet() {
  return null;
}

const TYPED = '24-12-2026 23:59';
const PERIOD_END = '2026-12-24 23:59:00';
const IN_URL = 'until=2026-12-24+23%3A59%3A00';

/** Types `text` into `input` as one input event, outside act() (the value set past React's own tracking of it). */
function typeOutsideAct(input: HTMLElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Lets the queued microtasks run (React commits a discrete event's render in one), but no timer or scheduler task. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('a typed period and the click right after it (the packer journey, spec 1 §2)', () => {
  // The steps run outside act(), as in the browser: React renders the router's update in a transition, and may commit
  // an urgent render of the URL it last committed before it commits that transition; a click can come in between.
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let actEnv: boolean | undefined;
  beforeEach(() => {
    actEnv = env.IS_REACT_ACT_ENVIRONMENT;
    heldUp = null;
  });
  afterEach(() => {
    env.IS_REACT_ACT_ENVIRONMENT = actEnv;
  });

  it('the toggle keeps the typed period when the page rendered the old URL again after the period’s render began', async () => {
    const { router } = renderUi(<FilterBarPage unfinished={PERIOD_END} />, { path: '/orders' });
    env.IS_REACT_ACT_ENVIRONMENT = false;
    const until = screen.getByLabelText('Until');
    until.focus();
    await waitFor(() => expect(screen.getByTestId('paused').textContent).toBe('true'));
    // A whole date and time: the bar sends it and the router is at the new URL; React has rendered the page with it,
    // but that render waits (UnfinishedFor), so the page on screen still has the old URL.
    typeOutsideAct(until, TYPED);
    expect(router.state.location.search).toBe(`?${IN_URL}`);
    await waitFor(() => expect(heldUp).toBe(PERIOD_END));
    // The packer's click on the toggle: the focus moves to it first and the scan listener's pause goes off, an urgent
    // update that React renders with the URL it last committed (no period) before it takes up the transition again.
    const toggle = screen.getByRole('switch', { name: 'Warning orders only' });
    toggle.focus();
    await microtasks();
    expect(screen.getByTestId('paused').textContent).toBe('false');
    toggle.click();
    expect(router.state.location.search).toBe(`?${IN_URL}&red=true`);
  });

  it('the toggle keeps the typed period while the route’s loader for it is still running', async () => {
    let release = () => {};
    const loaded = new Promise<null>((done) => {
      release = () => done(null);
    });
    let loads = 0;
    const { router } = renderRoutes(
      [
        {
          path: '/orders',
          // The first load passes; the one for the typed period waits (the open orders route prefetches, ADR 0080).
          loader: () => (loads++ === 0 ? null : loaded),
          HydrateFallback: NothingYet,
          element: <FilterBarPage />,
        },
      ],
      { path: '/orders' },
    );
    fireEvent.change(await screen.findByLabelText('Until'), { target: { value: TYPED } });
    expect(router.state.navigation.location?.search).toBe(`?${IN_URL}`);
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByRole('switch', { name: 'Warning orders only' }));
    release();
    await waitFor(() => expect(router.state.location.search).toBe(`?${IN_URL}&red=true`));
  });
});
