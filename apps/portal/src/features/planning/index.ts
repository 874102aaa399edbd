import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * The route plan map (spec 3 §2 Route plan map, §7 sales/routes: `GET /orders/drive`, getRoutePlan as
 * `POST /route_plan`): the own drivers' routes over the Netherlands. Its menu entry shows for a role that may call
 * `POST /route_plan` (the provider's administrator and warehouse staff).
 */
export const planningArea = defineArea({
  id: 'planning',
  i18n: { ns: 'planning', load: () => import('./planning.i18n.ts').then((m) => m.planningI18n) },
  routes: [
    {
      path: 'planning',
      screens: ['Route plan map'],
      lazy: () => import('./planning-page.tsx').then((m) => ({ Component: m.PlanningPage })),
      needs: { method: 'POST', path: '/route_plan' },
    },
  ],
  nav: [
    {
      key: 'planning',
      to: PATHS.planning,
      icon: 'truck',
      section: 'work',
      order: 85,
      needs: { method: 'POST', path: '/route_plan' },
    },
  ],
});
