// TEMPORARY behaviour snapshot of the import pages (dedupe helper); deleted after use.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { writeFileSync, mkdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { orgAuth, user, merchantOwner } from './test/fixtures.ts';
import { renderRoutes } from './test/render.tsx';
import { OrderImportPage } from './features/orders/order-import-page.tsx';
import { ProductImportPage } from './features/products/product-import-page.tsx';

const OUT = process.env.SNAP_DIR ?? '/tmp/dedupe/snap';
mkdirSync(OUT, { recursive: true });
function norm(html: string) {
  return html
    .replace(/(id|for|aria-labelledby|aria-describedby|aria-controls|aria-owns|aria-activedescendant|data-position|style)="[^"]*"/g, (m, a) => (a === 'style' ? m : `${a}="X"`))
    .replace(/mantine-[a-z0-9]{5,}/g, 'mantine-X')
    .replace(/«r[0-9a-z]+»|:r[0-9a-z]+:/g, 'RID')
    .replace(/></g, '>\n<');
}
let n = 0;
function snap(name: string) {
  writeFileSync(`${OUT}/${String(++n).padStart(2, '0')}-${name}.html`, norm(document.body.innerHTML));
}

function api(answer: { status: number; body: unknown }, calls: unknown[]) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    calls.push({ url: new URL(req.url).pathname, body: await req.clone().text() });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
}

beforeEach(() => {
  if (!Blob.prototype.text) Blob.prototype.text = function (this: Blob) { return new Promise<string>((res) => { const r = new FileReader(); r.onload = () => res(String(r.result)); r.readAsText(this); }); };
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
});
afterEach(() => vi.unstubAllGlobals());

const ORDER_CSV = 'Order number;EAN;Quantity;First name;Surname;Street;House number;Postcode;City;Country\n#1;8700001234016;2;Jan;Jansen;Kerkstraat;1;1234AB;Utrecht;NL\n#1;8700020241422;1;Jan;Jansen;Kerkstraat;1;1234AB;Utrecht;NL\n#2;8700020241422;1;Piet;Puk;Dorpsweg;3;1000AA;Amsterdam;NL\n';
const PRODUCT_CSV = 'ean,name,image_url\n8700001234016,Pasta,\n8700020241422,Saus,http://x/y.jpg\nbad,Nope,\n';

async function upload(name: string, text: string) {
  const input = screen.getAllByLabelText('Choose file')[0] as HTMLInputElement;
  const file = new File([text], name, { type: 'text/csv' });
  await act(async () => { fireEvent.change(input, { target: { files: [file] } }); });
  await screen.findByText(/Map columns|Column in your file/);
  await waitFor(() => { if (!document.body.textContent?.includes(name)) throw new Error([...document.querySelectorAll('[role="alert"], p, span')].map((e) => e.textContent).join(" | ")); });
}

async function flow(label: string, page: JSX.Element, path: string, file: string, csv: string, answer: { status: number; body: unknown }, previewLabel: string, after: (r: ReturnType<typeof renderRoutes>) => Promise<void>) {
  const calls: unknown[] = [];
  vi.stubGlobal('fetch', api(answer, calls));
  const r = renderRoutes([{ path, element: page }, { path: '*', element: <p>elsewhere</p> }], { path, session: { user: user(merchantOwner), orgAuth: orgAuth(merchantOwner) } });
  snap(`${label}-start`);
  await upload(file, csv);
  snap(`${label}-mapped`);
  fireEvent.click(screen.getByRole('button', { name: previewLabel }));
  await screen.findByText(/Data preview/);
  snap(`${label}-preview`);
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
  await waitFor(() => (calls.length ? true : Promise.reject(new Error('no call'))));
  await new Promise((res) => setTimeout(res, 300));
  snap(`${label}-imported`);
  writeFileSync(`${OUT}/${String(n).padStart(2, '0')}-${label}-calls.json`, JSON.stringify({ calls, at: r.router.state.location.pathname }, null, 1));
  await after(r);
}

describe('snapshot', { timeout: 60_000 }, () => {
  it('order import with rejected rows, then import more', async () => {
    await flow('order-rejects', <OrderImportPage />, '/orders/import', 'orders.csv', ORDER_CSV,
      { status: 200, body: { created: 1, orders: [{ order_id: '#2', id: 'a'.repeat(24) }], errors: [{ row: 1, order_id: '#1', reason: 'Unknown EAN' }], warnings: [{ row: 3, order_id: '#2', reason: 'Odd postcode' }] } }, 'Show preview',
      async (r) => {
        fireEvent.click(screen.getByRole('button', { name: 'Import another file' }));
        await new Promise((res) => setTimeout(res, 100));
        snap('order-rejects-again');
      });
  });
  it('order import all good navigates', async () => {
    await flow('order-ok', <OrderImportPage />, '/orders/import', 'orders.csv', ORDER_CSV,
      { status: 200, body: { created: 2, orders: [], errors: [], warnings: [] } }, 'Show preview', async () => {});
  });
  it('order import failure', async () => {
    await flow('order-fail', <OrderImportPage />, '/orders/import', 'orders.csv', ORDER_CSV,
      { status: 400, body: { statusCode: 400, code: 'bad', message: 'Row 1 is wrong' } }, 'Show preview', async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Back to mapping' }));
        await new Promise((res) => setTimeout(res, 100));
        snap('order-fail-back');
      });
  });
  it('product import with errors, go to products', async () => {
    await flow('product-errors', <ProductImportPage />, '/products/import', 'products.csv', PRODUCT_CSV,
      { status: 200, body: { products: { created: 1, updated: 1, errors: [{ row: 3, ean: 'bad', reason: 'Invalid EAN' }] } } }, 'Show preview',
      async (r) => {
        fireEvent.click(screen.getByRole('button', { name: 'Import More' }));
        await new Promise((res) => setTimeout(res, 100));
        snap('product-errors-more');
      });
  });
  it('product import ok then go to products', async () => {
    await flow('product-ok', <ProductImportPage />, '/products/import', 'products.csv', PRODUCT_CSV,
      { status: 200, body: { products: { created: 2, updated: 0, errors: [] } } }, 'Show preview',
      async (r) => {
        fireEvent.click(screen.getByRole('button', { name: 'Go to Products' }));
        await new Promise((res) => setTimeout(res, 100));
        snap(`product-ok-done-${r.router.state.location.pathname.replace(/\//g, '_')}`);
      });
  });
  it('product import failure', async () => {
    await flow('product-fail', <ProductImportPage />, '/products/import', 'products.csv', PRODUCT_CSV,
      { status: 500, body: { statusCode: 500, code: 'x', message: 'boom' } }, 'Show preview', async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Back to Mapping' }));
        await new Promise((res) => setTimeout(res, 100));
        snap('product-fail-back');
      });
  });
});
