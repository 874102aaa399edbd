import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSchemaTypes } from './schema-types.ts';

describe('schema.generated.ts', () => {
  it('matches the migrations (run `npm run db:types` in apps/api after adding one)', async () => {
    const committed = readFileSync(join(import.meta.dirname, 'schema.generated.ts'), 'utf8');
    expect(await renderSchemaTypes()).toBe(committed);
  }, 60_000);
});
