import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginTask } from '../features/login/index.ts';
import { pickTask } from '../features/pick/index.ts';
import { ROUTER_BASENAME } from './api.ts';
import { FLOOR_PATHS } from './paths.ts';
import { preloadScreen, screenCode, taskTextsCode } from './screen-preload.ts';

afterEach(() => vi.restoreAllMocks());

describe('preloadScreen: the screen’s files from the first file (ADR 0064, 0082)', () => {
  it('starts the screen’s code and texts of the path once, and the router gets the same loads', () => {
    const route = pickTask.routes[0];
    if (!route || !pickTask.i18n || !('load' in pickTask.i18n)) throw new Error('the pick task changed');
    const code = Promise.resolve({ default: () => null });
    const texts = Promise.resolve({ nl: {} });
    const load = vi.spyOn(route, 'load').mockReturnValue(code);
    const loadTexts = vi.spyOn(pickTask.i18n, 'load').mockReturnValue(texts);

    preloadScreen(`${ROUTER_BASENAME}${FLOOR_PATHS.pick}/`);
    expect(load).toHaveBeenCalledTimes(1);
    expect(loadTexts).toHaveBeenCalledTimes(1);

    // What the router's lazy screen asks (app.tsx) is the load already under way, not a second one.
    expect(screenCode(route)).toBe(code);
    expect(taskTextsCode(pickTask)).toBe(texts);
    preloadScreen(`${ROUTER_BASENAME}${FLOOR_PATHS.pick}`);
    expect(load).toHaveBeenCalledTimes(1);
    expect(loadTexts).toHaveBeenCalledTimes(1);
  });

  it('starts nothing for a path no task route matches exactly', () => {
    const route = loginTask.routes[0];
    if (!route) throw new Error('the login task changed');
    const load = vi.spyOn(route, 'load').mockReturnValue(Promise.resolve({ default: () => null }));
    preloadScreen(`${ROUTER_BASENAME}${FLOOR_PATHS.login}/extra`);
    preloadScreen('/elsewhere');
    expect(load).not.toHaveBeenCalled();
    preloadScreen(`${ROUTER_BASENAME}${FLOOR_PATHS.login}`);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
