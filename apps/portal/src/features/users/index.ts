import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * Users and licences (issue 16; spec 3 §2 Users, §5 add user and users import): /settings/users with the add form and
 * the import inside it, and the settings area's User page (own name, phone, language).
 */
export const usersArea = defineArea({
  id: 'users',
  i18n: { ns: 'users', load: () => import('./users.i18n.ts').then((m) => m.usersI18n) },
  routes: [
    {
      path: 'settings/users',
      layout: 'settings',
      screens: ['Users (list, add, import, licence select, reset icon)'],
      lazy: () => import('./users-page.tsx').then((m) => ({ Component: m.UsersPage })),
    },
    {
      path: 'settings/users/add',
      layout: 'settings',
      lazy: () => import('./users-page.tsx').then((m) => ({ Component: m.UsersPage })),
    },
    {
      path: 'settings/users/import',
      layout: 'settings',
      // The shared spreadsheet wizard reads one text of the products area.
      alsoTexts: ['products'],
      lazy: () => import('./users-page.tsx').then((m) => ({ Component: m.UsersPage })),
    },
    {
      path: 'settings/user',
      layout: 'settings',
      // The phone field of spec 3 §5 (core's rule, the shared PhoneField) and the sanitised rich text of the plans.
      screens: ['Custom form fields (phone field, raw HTML field)'],
      lazy: () => import('./user-settings-page.tsx').then((m) => ({ Component: m.UserSettingsPage })),
    },
  ],
  nav: [
    {
      key: 'settingsUsers',
      to: PATHS.settingsUsers,
      icon: 'users',
      section: 'settings',
      order: 112,
      needs: { method: 'GET', path: '/users' },
    },
    {
      key: 'settingsUser',
      to: PATHS.settingsUser,
      icon: 'user',
      section: 'settings',
      order: 111,
      needs: { method: 'PUT', path: '/current_user' },
    },
  ],
});
