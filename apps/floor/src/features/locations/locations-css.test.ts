import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The declarations of the rule for `selector` in locations.css ('' when there is none). */
function rule(selector: string): string {
  const css = readFileSync(new URL('./locations.css', import.meta.url), 'utf8');
  const at = css.indexOf(`${selector} {`);
  return at < 0 ? '' : css.slice(at + selector.length + 2, css.indexOf('}', at));
}

describe("the product's action buttons on a 360 px scanner", () => {
  it('are never wider than their row: a long label wraps inside the button instead of pushing the page sideways', () => {
    // 'Hertelling gevraagd · Tellen' in the 20 px bold of a large button is 355 px wide; the row at 360 px is 336
    // (the QA run saw the page scroll sideways, the button cut off at the right edge)
    const button = rule('.loc-product-actions > .mantine-Button-root');
    expect(button).toMatch(/flex: 1 1 max-content;/);
    expect(button).toMatch(/max-width: 100%;/);
    expect(button).not.toMatch(/min-width: max-content/);
    expect(button).toMatch(/height: auto;/);
    expect(rule('.loc-product-actions > .mantine-Button-root .mantine-Button-label')).toMatch(
      /white-space: normal;/,
    );
  });
});

describe("the not-empty popup's title on a 360 px scanner", () => {
  it('keeps room between its two lines (Mantine sets line-height 1 on a modal title)', () => {
    // 'Oeps! deze locatie is nog niet leeg' wraps at 360 px; with line-height 1 the lines touched (QA, ADR 0142)
    const lineHeight = Number(
      /line-height: ([\d.]+);/.exec(rule('.mantine-Modal-title.loc-not-empty-title'))?.[1],
    );
    expect(lineHeight).toBeGreaterThanOrEqual(1.25);
  });
});
