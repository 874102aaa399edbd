// @vitest-environment jsdom
import '../test/dom-setup.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BootShell } from './boot-shell.tsx';

/** The markup index.html puts in #root: the static shell painted before any script (ADR 0064). */
function staticShell(): Element {
  const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
  const root = /<div id="root">(.*)<\/div>\s*<script/s.exec(html)?.[1];
  if (!root) throw new Error('index.html has no #root with a shell');
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = root;
  const shell = doc.body.firstElementChild;
  if (!shell || doc.body.childElementCount !== 1)
    throw new Error('index.html: #root should hold one shell element');
  return shell;
}

afterEach(cleanup);

describe('BootShell', () => {
  it('renders the same markup as the static shell in index.html, so the first render changes nothing on screen', () => {
    const { container } = render(<BootShell />);
    const expected = staticShell();
    // Same elements, attributes (in any order) and children.
    expect(
      container.firstElementChild?.isEqualNode(expected),
      `${container.innerHTML}\n≠ ${expected.outerHTML}`,
    ).toBe(true);
  });

  it('has no text or image (it must not be the first contentful paint) and tells screen readers it is loading', () => {
    render(<BootShell />);
    const shell = screen.getByRole('status', { name: 'Laden' });
    expect(shell.textContent).toBe('');
    expect(shell.querySelectorAll('img, svg, canvas')).toHaveLength(0);
    expect(shell.getAttribute('aria-busy')).toBe('true');
  });
});
