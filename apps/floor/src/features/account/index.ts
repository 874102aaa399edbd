import { FLOOR_PATHS } from '../../app/paths.ts';
import { defineTask } from '../../app/task.ts';

/** Signing up and resetting a password on the floor (spec 2 §2 Sign-up, login, reset). */
export const accountTask = defineTask({
  id: 'account',
  i18n: { ns: 'account', load: () => import('./account.i18n.ts').then((m) => m.accountTexts) },
  routes: [
    {
      path: FLOOR_PATHS.signup,
      access: 'public',
      screens: ['Sign-up, login, reset'],
      load: () => import('./signup.screen.tsx').then((m) => ({ default: m.SignupScreen })),
    },
    {
      path: FLOOR_PATHS.reset,
      access: 'public',
      screens: ['Sign-up, login, reset'],
      load: () => import('./reset.screen.tsx').then((m) => ({ default: m.ResetScreen })),
    },
  ],
});
