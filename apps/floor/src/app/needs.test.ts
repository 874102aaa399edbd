import * as core from '@hoppa/core';
import { describe, expect, it } from 'vitest';
import { NEEDS } from './needs.ts';
import { TASKS } from './tasks.ts';

/** Every endpoint contract @hoppa/core exports, as `METHOD path`. */
const ENDPOINTS = new Set(
  (Object.values(core) as unknown[])
    .filter((v): v is { method: string; path: string; response: unknown } =>
      Boolean(v && typeof v === 'object' && 'method' in v && 'path' in v && 'response' in v),
    )
    .map((e) => `${e.method} ${e.path}`),
);

describe('the calls floor screens need', () => {
  it('name endpoints that exist, so a renamed path fails here rather than hiding a screen', () => {
    expect(ENDPOINTS.size).toBeGreaterThan(50);
    for (const [name, ref] of Object.entries(NEEDS))
      expect(ENDPOINTS.has(`${ref.method} ${ref.path}`), name).toBe(true);
    for (const task of TASKS) {
      for (const r of task.routes)
        if (r.needs) expect(ENDPOINTS.has(`${r.needs.method} ${r.needs.path}`), r.path).toBe(true);
      if (task.menu)
        expect(ENDPOINTS.has(`${task.menu.needs.method} ${task.menu.needs.path}`), task.id).toBe(true);
    }
  });
});
