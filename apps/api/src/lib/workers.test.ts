import { afterAll, describe, expect, it } from 'vitest';
import { closeWorkers, runInWorker, withoutTsx } from './workers.ts';

/**
 * A `.ts` worker started from source registers tsx through its bootstrap (ts-worker.mjs) instead of an `--import tsx`
 * in the thread's execArgv, which under load sometimes was not in place before the worker's first import
 * (`Unknown file extension ".ts"`, ADR 0122 "Left").
 */
describe('worker threads from source', () => {
  afterAll(() => closeWorkers());

  it('runs a .ts worker through the bootstrap, with no tsx flag on the thread', async () => {
    const url = new URL('../test/echo-worker.ts', import.meta.url);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => runInWorker<{ execArgv: string[]; doubled: number }>(url, { n })),
    );
    expect(answers.map((a) => a.doubled)).toEqual([2, 4, 6]);
    for (const a of answers) expect(a.execArgv.filter((arg) => arg.includes('tsx'))).toEqual([]);
  });

  it('drops tsx flags (bare, and the tsx CLI’s) and keeps the others', () => {
    expect(
      withoutTsx([
        '--enable-source-maps',
        '--require',
        '/x/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///x/node_modules/tsx/dist/loader.mjs',
        '--import',
        'tsx',
        '--import=tsx',
        '--conditions',
        'development',
      ]),
    ).toEqual(['--enable-source-maps', '--conditions', 'development']);
  });
});
