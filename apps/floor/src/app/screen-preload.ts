import type { ComponentType } from 'react';
import { ROUTER_BASENAME } from './api.ts';
import type { FloorTask, TaskRoute, TaskTexts } from './task.ts';
import { TASKS } from './tasks.ts';

// Which screen's code and texts to fetch for the path in the address bar, before the app's own code has loaded: in
// the floor's small first file (main.tsx, ADR 0064, 0082), so the screen's files download beside the app's.

/** Each route's screen module, fetched once (by {@link preloadScreen} or the router's lazy screen, app.tsx). */
const screens = new Map<TaskRoute, Promise<{ default: ComponentType }>>();
/** Each task's lazily loaded texts, fetched once. */
const texts = new Map<FloorTask, Promise<TaskTexts>>();

/** The screen module of `route`, fetched on the first call; the same promise after that. */
export function screenCode(route: TaskRoute): Promise<{ default: ComponentType }> {
  let loading = screens.get(route);
  if (!loading) {
    loading = route.load();
    screens.set(route, loading);
  }
  return loading;
}

/** The texts of `task` when they load with its screen (`i18n.load`), fetched on the first call; null for others. */
export function taskTextsCode(task: FloorTask): Promise<TaskTexts> | null {
  const i18n = task.i18n;
  if (!i18n || !('load' in i18n)) return null;
  let loading = texts.get(task);
  if (!loading) {
    loading = i18n.load();
    texts.set(task, loading);
  }
  return loading;
}

/**
 * Starts loading the code and texts of the screen at `pathname` (the browser's path, with the app's base), if a task
 * route matches it exactly. main.tsx calls it before the app's code has loaded, so the screen's files download beside
 * the app's and while the session is checked instead of after (ADR 0064, 0082); the router's lazy screen then finds
 * them loading or loaded. A path that the guard redirects (a login page opened with a session) only costs the files it
 * fetched. A failed download shows where the router renders the screen.
 */
export function preloadScreen(pathname: string): void {
  const path = pathname.startsWith(ROUTER_BASENAME)
    ? pathname.slice(ROUTER_BASENAME.length) || '/'
    : pathname;
  for (const task of TASKS)
    for (const route of task.routes)
      if (route.path === path.replace(/\/$/, '') || route.path === path) {
        screenCode(route).catch(() => undefined);
        taskTextsCode(task)?.catch(() => undefined);
        return;
      }
}
