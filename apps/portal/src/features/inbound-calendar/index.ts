import { defineArea } from '../../app/area.ts';
import { PATHS } from '../../app/paths.ts';

/**
 * The inbound calendar (issue 10 part 3; spec 2 §2 Inbound calendar, §9): the public calendar behind a secret link
 * (`/inbounds-report/:token`, no session), and the merchant's own calendar with the card that makes that link
 * (`/inbound/calendar`). FullCalendar loads only with these routes (ADR 0039); the menu entry names its call by
 * reference (ADR 0033).
 */
export const inboundCalendarArea = defineArea({
  id: 'inboundCalendar',
  i18n: {
    ns: 'inboundCalendar',
    load: () => import('./inbound-calendar.i18n.ts').then((m) => m.inboundCalendarI18n),
  },
  routes: [
    {
      path: 'inbounds-report/:token',
      layout: 'public',
      screens: ['Public inbound calendar'],
      lazy: () => import('./public-calendar-page.tsx').then((m) => ({ Component: m.PublicCalendarPage })),
    },
    {
      path: 'inbounds-report',
      layout: 'public',
      screens: ['Public inbound calendar'],
      lazy: () =>
        import('./public-calendar-page.tsx').then((m) => ({ Component: m.CalendarLinkMissingPage })),
    },
    {
      path: 'inbound/calendar',
      screens: ['Public inbound calendar'],
      lazy: () => import('./own-calendar-page.tsx').then((m) => ({ Component: m.OwnCalendarPage })),
    },
  ],
  nav: [
    {
      key: 'inboundCalendar',
      to: PATHS.inboundCalendar,
      icon: 'calendar',
      section: 'work',
      order: 47,
      needs: { method: 'POST', path: '/inbound/calendar_link' },
    },
  ],
});
