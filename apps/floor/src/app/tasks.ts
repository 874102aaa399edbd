/**
 * Every floor task, one line each: adding a task is a folder under features/ with an index.ts, plus one line here
 * (docs/architecture.md, "How to add a floor task"). The router, the task menu, the i18n resources and the
 * spec-coverage manifest are built from this list.
 */
import { accountTask } from '../features/account/index.ts';
import { checkinTask } from '../features/checkin/index.ts';
import { directCheckinTask } from '../features/direct-checkin/index.ts';
import { groupingTask } from '../features/grouping/index.ts';
import { locationsTask } from '../features/locations/index.ts';
import { loginTask } from '../features/login/index.ts';
import { pickTask } from '../features/pick/index.ts';
import { returnsTask } from '../features/returns/index.ts';
import { scannerTask } from '../features/scanner/index.ts';
import type { FloorTask } from './task.ts';

export const TASKS: readonly FloorTask[] = [
  loginTask,
  accountTask,
  pickTask,
  groupingTask,
  locationsTask,
  checkinTask,
  directCheckinTask,
  returnsTask,
  scannerTask,
];
