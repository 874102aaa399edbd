#!/usr/bin/env node
// `npm start`: installs the dependencies, builds the portal, the floor app and the API (each skipped when
// unchanged), then runs the compiled API (apps/api/dist/main.js, plain Node; no TypeScript transpiler at run time,
// ADR 0018), which migrates, seeds the demo warehouse on first run and serves everything on one port.
// Node builtins only: this runs before anything is installed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { installDependencies, ROOT, stopChildrenOnSignal } from './util.mjs';

stopChildrenOnSignal();

if (!(await installDependencies())) {
  console.error('\nInstalling the dependencies failed; see the output above.');
  process.exit(1);
}

// Imported only now: build.mjs needs nothing installed either, but keeping the order obvious helps.
const { API_MAIN, build } = await import('./build.mjs');
if (!(await build())) {
  console.error('\nThe build failed; see the output above.');
  process.exit(1);
}

const apiDir = join(ROOT, 'apps/api');
// Its own process group, so a Ctrl-C reaches it once, from us, and it can shut down cleanly.
// Source maps turn stack traces back into apps/api/src and packages/core/src lines.
const api = spawn(process.execPath, ['--enable-source-maps', API_MAIN], {
  cwd: apiDir,
  stdio: 'inherit',
  detached: true,
});
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    try {
      process.kill(-api.pid, sig);
    } catch {
      // already gone
    }
  });
}
api.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
