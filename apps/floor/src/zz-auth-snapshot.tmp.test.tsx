// @vitest-environment jsdom
// TEMPORARY behaviour snapshot of the account screens (dedupe helper); deleted after use.
import './test/dom-setup.ts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { browser, json } from './test/dom-setup.ts';
import { clearFloorDb, renderFloor } from './test/render.tsx';

const OUT = process.env.SNAP_DIR ?? '/tmp/dedupe/floor';
mkdirSync(OUT, { recursive: true });
function norm(html: string) {
  return html
    .replace(/(id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, (_m, a) => `${a}="X"`)
    .replace(/mantine-[a-z0-9]{5,}/g, 'mantine-X')
    .replace(/></g, '>\n<');
}
let n = 0;
function snap(name: string) {
  writeFileSync(`${OUT}/${String(++n).padStart(2, '0')}-${name}.html`, norm(document.body.innerHTML));
}
const tick = () => act(() => new Promise((r) => setTimeout(r, 150)));
let hold: (() => void) | null = null;
let answer: () => Response = () => json(400, { statusCode: 400, code: 'bad', message: 'Server says no' });
beforeEach(async () => {
  browser.reset();
  await clearFloorDb();
  browser.server = async (req) => {
    const path = new URL(req.url).pathname;
    if (path === '/api/current_user') return json(401, { statusCode: 401, code: 'unauthorized', message: 'x' });
    if (hold) await new Promise<void>((r) => { const h = hold; hold = () => { h?.(); r(); }; });
    return answer();
  };
});
afterEach(cleanup);
function type(label: string, value: string) {
  const input = screen.getByLabelText(label, { exact: true });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}
const screens: [string, string, Record<string, string>, string][] = [
  ['login', '/login', { 'Email address': 'a@b.nl', Password: 'secret-123' }, 'Log in'],
  ['signup', '/signup', {}, ''],
  ['reset', '/reset', {}, ''],
  ['newpw', '/reset?token=Q7x2mVd9pL0aR4tY8uK3wZ', {}, ''],
];
describe('snap', { timeout: 60_000 }, () => {
  for (const [name, path] of screens) {
    for (const lang of ['en', 'nl'] as const) {
      it(`${name} ${lang}`, async () => {
        renderFloor(path, { lang });
        await screen.findByRole('heading');
        await tick();
        snap(`${name}-${lang}-initial`);
        const form = document.querySelector('form') as HTMLFormElement;
        fireEvent.submit(form);
        await tick();
        snap(`${name}-${lang}-empty-submit`);
        for (const input of Array.from(form.querySelectorAll('input:not([type=checkbox])')) as HTMLInputElement[]) {
          const v = input.type === 'email' || input.name === 'email' ? 'anna@example.nl' : input.type === 'tel' ? '0612345678' : input.type === 'password' || input.name === 'password' ? 'long-enough-pw-2026' : 'Anna';
          fireEvent.change(input, { target: { value: v } });
          fireEvent.blur(input);
        }
        await tick();
        snap(`${name}-${lang}-filled`);
        browser.setOnline(false);
        await tick();
        snap(`${name}-${lang}-offline`);
        browser.setOnline(true);
        hold = () => {};
        fireEvent.submit(form);
        await tick();
        snap(`${name}-${lang}-busy`);
        await act(async () => { hold?.(); hold = null; });
        await tick();
        snap(`${name}-${lang}-error`);
        answer = () => json(429, { statusCode: 429, code: 'rate_limited', message: 'slow' });
        fireEvent.submit(form);
        await tick();
        snap(`${name}-${lang}-ratelimited`);
        answer = () => json(400, { statusCode: 400, code: 'bad', message: 'Server says no' });
      });
    }
  }
});
