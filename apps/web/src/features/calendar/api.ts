import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  type CalendarFeed,
  type CommitteeList,
  type EventCreate,
  type EventList,
  type EventSaved,
  type EventUpdate,
  type MessageBody,
} from '@portal/shared';
import { api } from '../../lib/api-client';
import { isSignedIn, useSession } from '../../lib/session';

/** One hook per call of the calendar (spec/02 section 7 "Committees and events"). */

export const eventsKey = ['events'] as const;

/** GET /events?committee_id=&start=&end=: the events shown in the calendar's current range. */
export function useEvents(committeeId: number | null, range: { start: string; end: string } | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...eventsKey, committeeId, range?.start ?? null, range?.end ?? null],
    queryFn: ({ signal }) =>
      api.get<EventList>('/events', {
        query: { committee_id: committeeId, start: range?.start, end: range?.end },
        signal,
      }),
    enabled: isSignedIn(session) && committeeId !== null && range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The first 5 events starting now or later (the dashboard's 'Upcoming meetings'). */
export function useUpcomingEvents(committeeId: number | null) {
  const session = useSession();
  return useQuery({
    queryKey: [...eventsKey, committeeId, 'upcoming'],
    queryFn: ({ signal }) =>
      api.get<EventList>('/events', {
        query: { committee_id: committeeId, upcoming: true, limit: PAGE_SIZES.dashboard },
        signal,
      }),
    enabled: isSignedIn(session) && committeeId !== null,
  });
}

/** The search of future events: their titles hold every word typed. */
export function useEventSearch(committeeId: number | null, term: string) {
  const session = useSession();
  return useQuery({
    queryKey: [...eventsKey, committeeId, 'search', term],
    queryFn: ({ signal }) =>
      api.get<EventList>('/events', { query: { committee_id: committeeId, term, limit: 50 }, signal }),
    enabled: isSignedIn(session) && committeeId !== null && term.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventsKey });
}

export function useCreateEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (body: EventCreate) => api.post<EventSaved>('/events', body),
    onSettled: invalidate,
  });
}

export function useUpdateEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EventUpdate }) => api.put<EventSaved>(`/events/${id}`, body),
    onSettled: invalidate,
  });
}

export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: (id: number) => api.delete<MessageBody>(`/events/${id}`), onSettled: invalidate });
}

export const feedKey = ['calendar-feed'] as const;

/** GET /calendar/feed: the user's secret ICS address. */
export function useCalendarFeed(enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => api.get<CalendarFeed>('/calendar/feed', { signal }),
    enabled: isSignedIn(session) && enabled,
  });
}

/** POST /calendar/feed/reset: 'Reset link'. */
export function useResetFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('/calendar/feed/reset', {}),
    onSuccess: (feed) => queryClient.setQueryData(feedKey, { url: feed.url }),
  });
}

/** GET /committees: the user's committees (the calendar shows the current one). */
export function useCommittees() {
  const session = useSession();
  return useQuery({
    queryKey: ['committees'],
    queryFn: ({ signal }) => api.get<CommitteeList>('/committees', { signal }),
    enabled: isSignedIn(session),
    staleTime: 60_000,
  });
}

/** The committee whose calendar is shown: the one chosen in the header (CURRENT_COMMITTEE), else the user's first. */
export function useCurrentCommittee() {
  const session = useSession();
  const committees = useCommittees();
  const mine = committees.data?.data.filter((c) => c.is_member) ?? [];
  const current = mine.find((c) => c.id === session.committeeId) ?? mine[0] ?? null;
  return { committee: current, loading: committees.isLoading, error: committees.isError };
}
