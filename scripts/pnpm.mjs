#!/usr/bin/env node
// Runs pnpm 10 through npx, since corepack cannot fetch pnpm on these machines: `node scripts/pnpm.mjs …`.
import { spawnSync } from 'node:child_process';
import { PNPM } from './util.mjs';

const [cmd, pre] = PNPM;
const r = spawnSync(cmd, [...pre, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
