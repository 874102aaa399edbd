import { describe, expect, it } from 'vitest';
import { AREAS } from './areas.ts';

describe("the portal menu's icons", () => {
  it("differ per entry, so entries are told apart at a glance (Users had the Shops icon, Locations the Inbound one, Transfers Announce stock's; ADR 0135)", () => {
    const byIcon = new Map<string, string[]>();
    for (const area of AREAS)
      for (const item of area.nav ?? []) byIcon.set(item.icon, [...(byIcon.get(item.icon) ?? []), item.key]);
    expect(byIcon.size).toBeGreaterThan(10);
    expect([...byIcon.values()].filter((keys) => keys.length > 1)).toEqual([]);
  });
});
