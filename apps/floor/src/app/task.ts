/**
 * How a floor task plugs itself in (docs/architecture.md, "How to add a floor task"): each `features/<task>/index.ts`
 * exports one `defineTask({...})` with its screens (lazy, with the spec screens they serve), its texts and, for work
 * a picker starts from the menu, its menu tile gated by the endpoint the screen calls; `app/tasks.ts` lists the
 * tasks, one line each, and the router, the task menu, the i18n resources and the spec-coverage manifest are built
 * from that list. Plain data without components, so Node can read it (scripts/spec-coverage.mjs).
 */
/**
 * A call a screen or tile needs, by method and path as the endpoint contract declares it (`'/pick_list/pick/:locations/…'`):
 * only what the permission check reads, so the first load does not carry the endpoints' schemas (ADR 0033).
 * `tasks.test.ts` fails when a reference names no endpoint of @hoppa/core.
 */
export interface EndpointRef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

import type { ComponentType } from 'react';
import type { FloorPath } from './paths.ts';

/** A task's texts: Dutch always, English where the screen has it. */
export type TaskTexts = { nl: object; en?: object };

/** One screen of a task, at `path` under the app's base (`/floor`). */
export interface TaskRoute {
  path: FloorPath;
  /** `public`: only without a session (login, sign-up, reset); `user`: needs a session (and `needs`, if set). */
  access: 'public' | 'user';
  /** The endpoint the screen cannot work without; a role without it is sent to the task menu. */
  needs?: EndpointRef;
  /** The screen module, loaded on first use (the service worker precaches every chunk for offline use). */
  load: () => Promise<{ default: ComponentType }>;
  /** Screen names of `../shared/spec/screens.tsv` this route serves (exact), for docs/spec-coverage.md. */
  screens?: readonly string[];
  /** What the screen still lacks, when it serves a spec screen only in part. */
  note?: string;
}

/** A floor task: its screens, texts and menu tile. */
export interface FloorTask {
  id: string;
  routes: readonly TaskRoute[];
  /**
   * The task's i18n namespace: Dutch always, English where the screen has it (the pick screen is Dutch only). With
   * `load`, the texts come with the task's screen (i18n/index.ts `loadTaskTexts`), off the first load (ADR 0033).
   */
  i18n?: { ns: string; texts: TaskTexts } | { ns: string; load: () => Promise<TaskTexts> };
  /** The tile on the task menu: `key` names its texts `menu:<key>` and `menu:<key>Hint`. */
  menu?: { key: string; path: FloorPath; needs: EndpointRef; order: number };
}

/** Declares a floor task (identity; keeps the literal types). */
export function defineTask<T extends FloorTask>(task: T): T {
  return task;
}
