// @vitest-environment jsdom
import '../test/dom-setup.ts';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** The CSS of a stylesheet without its comments and white space (Mantine's <style> and the file differ in both). */
function rules(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, '');
}

describe('theme-variables.css (ADR 0110)', () => {
  it('holds exactly the CSS variables that Mantine writes for the floor theme at run time', () => {
    // What MantineProvider writes into a <style> on its first render with its CSS variables on (the default); the app
    // turns them off (app.tsx) and loads this file instead. When theme.ts changes, copy the rules printed in the
    // failure into theme-variables.css.
    const { unmount } = render(
      <MantineProvider theme={theme} forceColorScheme="light">
        <span />
      </MantineProvider>,
    );
    // Mantine's <style> of CSS variables (its other <style data-mantine-styles="classes"> holds class rules).
    const generated =
      [...document.querySelectorAll('style[data-mantine-styles]')]
        .map((style) => style.innerHTML)
        .find((css) => css.includes('--mantine-')) ?? '';
    unmount();
    expect(generated).toContain('--mantine-primary-color-filled');
    expect(rules(readFileSync(join(here, 'theme-variables.css'), 'utf8'))).toBe(rules(generated));
  });
});
