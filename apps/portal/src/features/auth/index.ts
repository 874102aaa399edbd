import { defineArea } from '../../app/area.ts';
import { authI18n } from './auth.i18n.ts';

/** Sign-up, login and password reset (spec 2 §2 Sign-up, login, reset): public screens outside the main layout. */
export const authArea = defineArea({
  id: 'auth',
  i18n: { ns: 'auth', texts: authI18n },
  routes: [
    {
      path: 'login',
      layout: 'public',
      screens: ['Sign-up, login, reset'],
      lazy: () => import('./login-page.tsx').then((m) => ({ Component: m.LoginPage })),
    },
    {
      path: 'signup',
      layout: 'public',
      screens: ['Sign-up, login, reset'],
      lazy: () => import('./signup-page.tsx').then((m) => ({ Component: m.SignupPage })),
    },
    {
      path: 'reset',
      layout: 'public',
      screens: ['Sign-up, login, reset'],
      lazy: () => import('./reset-page.tsx').then((m) => ({ Component: m.ResetPage })),
    },
  ],
});
