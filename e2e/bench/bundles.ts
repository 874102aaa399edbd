/**
 * The front ends' first-load sizes next to their goals (issue 8): runs scripts/bundle-budget.mjs, the same check
 * `npm test` makes after the build, and keeps its table as bench-output/bundles.md. Needs a build
 * (`node scripts/build.mjs`). Run: `npm run bench` (or `npx tsx e2e/bench/bundles.ts` from the repository root).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../fixtures/server.ts';

mkdirSync(join(REPO_ROOT, 'bench-output'), { recursive: true });
// The check's exit code says whether the budgets hold; the bench reports the sizes either way.
try {
  execFileSync(
    process.execPath,
    [join(REPO_ROOT, 'scripts/bundle-budget.mjs'), '--markdown', join(REPO_ROOT, 'bench-output/bundles.md')],
    { stdio: 'inherit' },
  );
} catch {
  console.log('The bundle budgets do not hold (see above); the sizes are in bench-output/bundles.md.');
}
