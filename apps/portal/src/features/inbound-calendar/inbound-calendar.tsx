/**
 * The inbound calendar (spec 2 §2 Inbound calendar, §9) on FullCalendar 7 (ADR 0039): week (default), day, month
 * and year views by FullCalendar, the years view (a decade, counts per year) by us; the view and date live in the
 * URL (`?view=month&date=2026-11-01`). Every event is one inbound (one hour, `calendar.rules.ts` `eventWindow`),
 * coloured by status; clicking one opens its details with the item table. Loaded only with the calendar's routes.
 */
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/monarch/theme.css';
import '@fullcalendar/react/themes/monarch/palettes/blue.css';
import './inbound-calendar.css';
import FullCalendar, {
  type CalendarRef,
  type DatesSetInfo,
  type EventClickInfo,
  type EventDisplayInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import enGbLocale from '@fullcalendar/react/locales/en-gb';
import nlLocale from '@fullcalendar/react/locales/nl';
import multiMonthPlugin from '@fullcalendar/react/multimonth';
import monarchTheme from '@fullcalendar/react/themes/monarch';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { amsterdamDay } from '@hoppa/core';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Icon } from '../../components/icons.tsx';
import { useUrlState } from '../../lib/url-state.ts';
import {
  CALENDAR_VIEWS,
  type CalendarInbound,
  type CalendarView,
  countByYear,
  eventWindow,
  shownHours,
  viewRange,
  YEARS_PER_BLOCK,
  yearsBlockStart,
  yearsRange,
} from './calendar.rules.ts';
import { statusColor } from './event-details.tsx';

/** FullCalendar's view of each of ours (the years view is ours). */
const FC_VIEW: Record<Exclude<CalendarView, 'years'>, string> = {
  week: 'timeGridWeek',
  day: 'timeGridDay',
  month: 'dayGridMonth',
  year: 'multiMonthYear',
};

/** The calendar's URL state: the view (week by default) and the date it shows ('' = today). */
const URL_STATE = z.object({
  view: z.enum(CALENDAR_VIEWS).default('week'),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .or(z.literal(''))
    .default(''),
});

/** The range of dates a view shows, inclusive; the page asks its data source for it. */
export interface CalendarRange {
  from: string;
  to: string;
}

// FullCalendar re-reads its options when their identity changes (and reports its dates again): keep these stable.
const PLUGINS = [dayGridPlugin, timeGridPlugin, multiMonthPlugin, monarchTheme];
const LOCALES = [nlLocale, enGbLocale];
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const eventContent = (arg: EventDisplayInfo) => <EventChip arg={arg} />;

const MANTINE_COLOR: Record<ReturnType<typeof statusColor>, string> = {
  brand: 'var(--mantine-color-brand-7)',
  orange: 'var(--mantine-color-orange-7)',
  teal: 'var(--mantine-color-teal-7)',
};

function EventChip({ arg }: { arg: EventDisplayInfo }): ReactNode {
  const inbound = arg.event.extendedProps.inbound as CalendarInbound;
  return (
    <Box className="hoppa-cal-event" data-testid="calendar-event" title={inbound.title}>
      <Text span fw={650} size="xs" className="hoppa-cal-event-number">
        {inbound.inbound_number}
      </Text>
      <Text span size="xs" className="hoppa-cal-event-title">
        {inbound.title.replace(` ${inbound.inbound_number}`, '')}
      </Text>
    </Box>
  );
}

/**
 * The years view: one card per year of a decade with its expected and checked-in counts; a click opens the year (at
 * today in the current year, so the other views go on from today).
 */
function YearsView({
  first,
  events,
  onOpen,
}: {
  first: number;
  events: readonly CalendarInbound[];
  onOpen: (year: number) => void;
}): ReactNode {
  const { t } = useTranslation('inboundCalendar');
  const rows = countByYear(events, first);
  const thisYear = Number(amsterdamDay().slice(0, 4));
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: 5 }}
      spacing="sm"
      role="list"
      aria-label={t('years.label', { from: first, to: first + YEARS_PER_BLOCK - 1 })}
    >
      {rows.map((r) => (
        <UnstyledButton
          key={r.year}
          role="listitem"
          onClick={() => onOpen(r.year)}
          aria-label={t('years.open', { year: r.year })}
          data-testid="calendar-year"
        >
          <Paper
            withBorder
            p="md"
            radius="md"
            className="hoppa-cal-year"
            data-current={r.year === thisYear || undefined}
          >
            <Text fw={700} fz="lg">
              {r.year}
            </Text>
            {r.expected + r.checkedIn === 0 ? (
              <Text size="sm" c="dimmed">
                {t('years.none')}
              </Text>
            ) : (
              <Stack gap={2}>
                {r.expected > 0 ? (
                  <Text size="sm" c="brand.8">
                    {t('years.expected', { count: r.expected })}
                  </Text>
                ) : null}
                {r.checkedIn > 0 ? (
                  <Text size="sm" c="teal.8">
                    {t('years.checkedIn', { count: r.checkedIn })}
                  </Text>
                ) : null}
              </Stack>
            )}
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

function Legend(): ReactNode {
  const { t } = useTranslation('inboundCalendar');
  const items = [
    ['brand', t('legend.pending')],
    ['orange', t('legend.partly')],
    ['teal', t('legend.checked_in')],
  ] as const;
  return (
    <Group gap="md">
      {items.map(([color, label]) => (
        <Group key={color} gap={6} wrap="nowrap">
          <Box w={10} h={10} style={{ borderRadius: 3, background: MANTINE_COLOR[color] }} />
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * The calendar. `events` are the inbounds the data source answered for the last `onRange` (the page fetches them:
 * the public endpoint by token, or the merchant's own list); `loading` shows a small spinner in the toolbar.
 * `details` draws an opened event: the events are summaries, so each page reads the opened event's items and shows
 * `EventDetails` (the public page by its link, the own calendar by the inbound's items).
 */
export function InboundCalendar({
  events,
  loading,
  onRange,
  details,
}: {
  events: readonly CalendarInbound[];
  loading: boolean;
  onRange: (range: CalendarRange) => void;
  details: (ev: CalendarInbound) => ReactNode;
}): ReactNode {
  const { t, i18n } = useTranslation('inboundCalendar');
  const [state, update] = useUrlState(URL_STATE);
  const ref = useRef<CalendarRef>(null);
  const [title, setTitle] = useState('');
  const [open, setOpen] = useState<CalendarInbound | null>(null);
  const onRangeRef = useRef(onRange);
  onRangeRef.current = onRange;
  // The last range reported, so an unchanged one (FullCalendar reports its dates on every option change) is not.
  const lastRange = useRef('');
  const report = useCallback((range: CalendarRange) => {
    const key = `${range.from}/${range.to}`;
    if (key === lastRange.current) return;
    lastRange.current = key;
    onRangeRef.current(range);
  }, []);
  const today = amsterdamDay();
  const date = state.date || today;
  const yearsFirst = yearsBlockStart(Number(date.slice(0, 4)));

  // The years view asks for its decade; FullCalendar's views report theirs through datesSet.
  useEffect(() => {
    if (state.view === 'years') report(yearsRange(yearsFirst));
  }, [state.view, yearsFirst, report]);

  // URL → FullCalendar (back/forward, a shared link, the view switch).
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api || state.view === 'years') return;
    if (api.view.type !== FC_VIEW[state.view]) api.changeView(FC_VIEW[state.view], date);
    else if (amsterdamDay(api.getDate()) !== date) api.gotoDate(date);
  }, [state.view, date]);

  const fcEvents = useMemo(
    () =>
      events.map((ev) => ({
        id: ev.id,
        title: ev.title,
        ...eventWindow(ev),
        color: MANTINE_COLOR[statusColor(ev)],
        extendedProps: { inbound: ev },
      })),
    [events],
  );

  const hours = useMemo(() => shownHours(fcEvents), [fcEvents]);
  // FullCalendar's Dutch locale leaves these English ('Timed' heads the hour column for a screen reader): ours, in
  // the reader's language (ADR 0142). Kept stable per language, as the other options.
  const language = i18n.language;
  const gridTexts = useMemo(
    () => ({
      timedText: t('grid.timed', { lng: language }),
      closeHint: t('grid.close', { lng: language }),
      eventsHint: t('grid.events', { lng: language }),
      moreLinkHint: (count: number) => t('grid.more', { count, lng: language }),
    }),
    [t, language],
  );

  const go = (how: 'prev' | 'next' | 'today') => {
    if (state.view === 'years') {
      const year =
        how === 'today'
          ? Number(today.slice(0, 4))
          : yearsFirst + (how === 'prev' ? -1 : 1) * YEARS_PER_BLOCK;
      update({ date: how === 'today' ? '' : `${year}-01-01` });
      return;
    }
    const api = ref.current?.getApi();
    if (!api) return;
    api[how]();
    const next = amsterdamDay(api.getDate());
    update({ date: next === today ? '' : next });
  };

  const onDates = useCallback(
    (info: DatesSetInfo) => {
      setTitle(info.view.title);
      report(viewRange(info.startStr, info.endStr));
    },
    [report],
  );
  const onEventClick = useCallback((info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    setOpen(info.event.extendedProps.inbound as CalendarInbound);
  }, []);
  const onDayClick = useCallback((d: Date) => update({ view: 'day', date: amsterdamDay(d) }), [update]);

  const shownTitle = state.view === 'years' ? `${yearsFirst} – ${yearsFirst + YEARS_PER_BLOCK - 1}` : title;
  const empty = !loading && events.length === 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" size="sm" onClick={() => go('today')}>
            {t('nav.today')}
          </Button>
          <ActionIcon variant="default" size={36} onClick={() => go('prev')} aria-label={t('nav.prev')}>
            <span style={{ transform: 'rotate(90deg)', display: 'inline-flex' }}>
              <Icon name="chevronDown" size={18} />
            </span>
          </ActionIcon>
          <ActionIcon variant="default" size={36} onClick={() => go('next')} aria-label={t('nav.next')}>
            <span style={{ transform: 'rotate(-90deg)', display: 'inline-flex' }}>
              <Icon name="chevronDown" size={18} />
            </span>
          </ActionIcon>
          <Title order={2} fz={{ base: 17, sm: 20 }} fw={650} ml="xs" data-testid="calendar-title">
            {shownTitle}
          </Title>
          {loading ? <Loader size="xs" aria-label={t('loading')} /> : null}
        </Group>
        <SegmentedControl
          aria-label={t('views.label')}
          value={state.view}
          onChange={(v) => update({ view: v as CalendarView })}
          data={CALENDAR_VIEWS.map((v) => ({ value: v, label: t(`views.${v}`) }))}
        />
      </Group>
      <Group justify="space-between" gap="sm">
        <Legend />
        {empty ? (
          <Text size="sm" c="dimmed" data-testid="calendar-empty">
            {t('empty')}
          </Text>
        ) : null}
      </Group>
      {state.view === 'years' ? (
        <YearsView
          first={yearsFirst}
          events={events}
          onOpen={(year) =>
            update({ view: 'year', date: year === Number(today.slice(0, 4)) ? '' : `${year}-01-01` })
          }
        />
      ) : (
        <Paper withBorder radius="md" className="hoppa-calendar" p={0}>
          <FullCalendar
            ref={ref}
            plugins={PLUGINS}
            initialView={FC_VIEW[state.view]}
            initialDate={date}
            timeZone="Europe/Amsterdam"
            locales={LOCALES}
            locale={i18n.language === 'nl' ? 'nl' : 'en-gb'}
            {...gridTexts}
            firstDay={1}
            headerToolbar={false}
            // The receiving day in one-hour rows, widened to every event of the range (shownHours): nothing hides
            // behind an inner scroll, and the first screen is the working day, not the night.
            height="auto"
            {...hours}
            allDaySlot={false}
            nowIndicator
            slotDuration="01:00:00"
            eventTimeFormat={TIME_FORMAT}
            slotHeaderFormat={TIME_FORMAT}
            dayMaxEvents={4}
            multiMonthMaxColumns={3}
            events={fcEvents}
            datesSet={onDates}
            eventContent={eventContent}
            eventClick={onEventClick}
            navLinks
            navLinkDayClick={onDayClick}
          />
        </Paper>
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={<Text fw={650}>{open?.title}</Text>}
        size="xl"
        closeButtonProps={{ 'aria-label': t('event.close') }}
      >
        {open ? details(open) : null}
      </Modal>
    </Stack>
  );
}
