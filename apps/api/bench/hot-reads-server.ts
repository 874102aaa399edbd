/**
 * The API process of the hot-reads benchmark's HTTP transport (issue 8 §3, ADR 0111): the app on the benchmark's
 * PostgreSQL database (`HOT_READS_SERVE_DB`, already seeded and migrated by the benchmark), listening on 127.0.0.1 as
 * `npm start` serves it, its request log at info written nowhere (so its cost is in the figures, as in auth.bench.ts).
 * Started by hot-reads.bench.ts with `fork`; it sends `{ address }` once listening and answers the messages
 * `'usage'` (this process's CPU and garbage-collection pause time so far, ms) and `'stop'`.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { createTestApp } from '../src/test/test-app.ts';

const name = process.env.HOT_READS_SERVE_DB;
if (!name || !process.send) throw new Error('hot-reads-server.ts is started by hot-reads.bench.ts (fork)');
const discard = { write: () => {} };
const t = await createTestApp({ keepDatabase: name, config: { logLevel: 'info' }, logStream: discard });
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
}).observe({ entryTypes: ['gc'] });
const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
process.on('message', (m) => {
  if (m === 'usage') {
    const cpu = process.cpuUsage();
    process.send?.({ cpuMs: (cpu.user + cpu.system) / 1000, gcMs });
  } else if (m === 'stop') {
    void t.close().then(() => process.exit(0));
  }
});
process.send({ address });
