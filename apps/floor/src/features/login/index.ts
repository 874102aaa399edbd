import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';

/** Logging in on a handheld (spec 2 §2 Sign-up, login, reset). */
export const loginTask = defineTask({
  id: 'login',
  i18n: { ns: 'login', load: () => import('./login.i18n.ts').then((m) => m.loginTexts) },
  routes: [
    {
      path: FLOOR_PATHS.login,
      access: 'public',
      screens: ['Sign-up, login, reset'],
      load: () => import('./login.screen.tsx').then((m) => ({ default: m.LoginScreen })),
    },
  ],
});
