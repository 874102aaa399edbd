// Starts a TypeScript worker module on a worker thread when the API runs from source (tests, `npm run dev`; see
// workers.ts). It registers tsx's loader itself and only then imports the `.ts` module named by the pool's
// `workerData.tsWorker` (a file URL), so the worker never depends on an `--import tsx` in its execArgv being in
// place before its first import: under load that raced, and the thread died with `Unknown file extension ".ts"`
// (ADR 0122 "Left"). The compiled build never uses this file: its workers are `.js` (ADR 0018).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const worker = await import(workerData.tsWorker);

/** The worker module's default export: the task handler piscina calls. */
export default worker.default;
