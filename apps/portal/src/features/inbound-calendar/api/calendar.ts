import {
  calendarEndpoint,
  calendarEventItemsEndpoint,
  calendarLinkEndpoint,
  inboundItemsEndpoint,
  inboundsEndpoint,
} from '@hoppa/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { type CalendarInbound, inRange, toCalendarInbound } from '../calendar.rules.ts';
import type { CalendarRange } from '../inbound-calendar.tsx';

/**
 * The public calendar's inbounds of `range` (`GET /inbounds-report/{token}?from&to`, no session; spec 2 §2): the
 * previous range's events stay on screen while the next loads. Waits until the calendar has reported its range.
 */
export function usePublicCalendar(token: string, range: CalendarRange | null) {
  return useQuery({
    ...endpointQuery(calendarEndpoint, { params: { token }, query: range ?? { from: '', to: '' } }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The items of one event of the public calendar, read when it is opened (`GET /inbounds-report/{token}/{id}`, no
 * session): the calendar's events are summaries (issue 8), the item table needs EAN, boxes and pieces per item.
 */
export function usePublicEventItems(token: string, id: string) {
  return useQuery(endpointQuery(calendarEventItemsEndpoint, { params: { token, id } }));
}

/** The largest list the own calendar reads for one range (`GET /inbounds?from&to&limit=`; ADR 0039). */
export const OWN_CALENDAR_LIMIT = 1000;

/**
 * The logged-in merchant's own calendar: their inbounds of `range` (`GET /inbounds?from&to`, pending first, at most
 * {@link OWN_CALENDAR_LIMIT}) as calendar events, selected by the server as the public endpoint selects (ADR 0131:
 * a range's inbounds, not every one the merchant ever announced). The previous range's events stay on screen while
 * the next loads; waits until the calendar has reported its range.
 */
export function useOwnCalendar(range: CalendarRange | null) {
  const q = useQuery({
    ...endpointQuery(inboundsEndpoint, {
      query: { skip: 0, limit: OWN_CALENDAR_LIMIT, from: range?.from, to: range?.to },
    }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
  const events = useMemo<CalendarInbound[]>(
    () =>
      range && q.data
        ? q.data.items.map(toCalendarInbound).filter((e) => inRange(e, range.from, range.to))
        : [],
    [q.data, range],
  );
  return { ...q, events };
}

/**
 * The items of one inbound of the own calendar, read when its event is opened (`GET /inbound_item/inbound/{id}`,
 * spec 2 §7): the own list answers summaries (issue 8), the item table needs EAN, boxes and pieces per item.
 */
export function useCalendarItems(id: string) {
  return useQuery(endpointQuery(inboundItemsEndpoint, { params: { id } }));
}

/** A new secret link token of the organisation's public calendar (`POST /inbound/calendar_link`); revokes the old. */
export function useCreateCalendarLink() {
  return useMutation({ mutationFn: () => call(calendarLinkEndpoint, {}) });
}
