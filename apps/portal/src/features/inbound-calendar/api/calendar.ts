import { calendarEndpoint, calendarLinkEndpoint, inboundsEndpoint } from '@hoppa/core';
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

/** The largest list the own calendar reads (`GET /inbounds?limit=`; ADR 0039). */
export const OWN_CALENDAR_LIMIT = 1000;

/**
 * The logged-in merchant's own calendar: their inbounds (`GET /inbounds`, pending first, at most
 * {@link OWN_CALENDAR_LIMIT}) as calendar events, those of `range` selected as the public endpoint would.
 */
export function useOwnCalendar(range: CalendarRange | null) {
  const q = useQuery(endpointQuery(inboundsEndpoint, { query: { skip: 0, limit: OWN_CALENDAR_LIMIT } }));
  const events = useMemo<CalendarInbound[]>(
    () =>
      range && q.data
        ? q.data.items.map(toCalendarInbound).filter((e) => inRange(e, range.from, range.to))
        : [],
    [q.data, range],
  );
  return { ...q, events };
}

/** A new secret link token of the organisation's public calendar (`POST /inbound/calendar_link`); revokes the old. */
export function useCreateCalendarLink() {
  return useMutation({ mutationFn: () => call(calendarLinkEndpoint, {}) });
}
