import { it } from 'vitest';
import { createTestApp } from './test-app.ts';
it('lists', async () => {
  const t = await createTestApp();
  const lines = t.app.routeTable.map((r) => `${r.method} ${r.url} ${r.endpoint ? (r.endpoint.public ? 'public' : 'auth') + (r.endpoint.changesState ? ' changesState' : '') + (r.endpoint.binary ? ' binary' : '') : '-'}`);
  (await import('node:fs')).writeFileSync('/tmp/h1-routes.txt', lines.join('\n'));
  await t.close();
});
