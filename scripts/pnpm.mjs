#!/usr/bin/env node
// Runs pnpm 10 through npx, since corepack cannot fetch pnpm on these machines.
import { spawnSync } from 'node:child_process';

const r = spawnSync('npx', ['--yes', 'pnpm@10', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
