import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Certificate } from '@vox/contract/school';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { type EventInput, type EventSummary, eventEndpoints } from '@vox/contract/events';

/** React Query keys of the events area; every change invalidates `all`. */
const eventKeys = {
  all: ['events'] as const,
  list: (when: 'upcoming' | 'past', viewer: string | null) => ['events', 'list', when, viewer] as const,
  one: (eventId: string, viewer: string | null) => ['events', 'one', eventId, viewer] as const,
  attendees: (eventId: string) => ['events', 'attendees', eventId] as const,
};

/** Upcoming events (soonest first) or the archive; with my registration when signed in. */
export function useEvents(when: 'upcoming' | 'past') {
  const viewer = useUser()?.id ?? null;
  return useQuery({
    queryKey: eventKeys.list(when, viewer),
    queryFn: () => api.call(eventEndpoints.events, { query: when === 'past' ? { when } : {} }),
  });
}

export function useEvent(eventId: string) {
  const viewer = useUser()?.id ?? null;
  return useQuery({ queryKey: eventKeys.one(eventId, viewer), queryFn: () => api.call(eventEndpoints.event, { params: { eventId } }) });
}

/** Register or cancel; the answer carries the event as it now stands, put straight in the cache. */
export function useRegistration(eventId: string) {
  const client = useQueryClient();
  const viewer = useUser()?.id ?? null;
  return useMutation({
    mutationFn: (action: 'register' | 'cancel') =>
      api.call(action === 'register' ? eventEndpoints.registerForEvent : eventEndpoints.cancelEventRegistration, { params: { eventId } }),
    onSuccess: (answer) => {
      client.setQueryData<EventSummary>(eventKeys.one(eventId, viewer), answer.event);
      void client.invalidateQueries({ queryKey: eventKeys.all, predicate: (q) => q.queryKey[1] === 'list' });
    },
  });
}

export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EventInput) => api.call(eventEndpoints.createEvent, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** Staff only (the server checks): who has a seat and who waits. */
export const useAttendees = (eventId: string) =>
  useQuery({ queryKey: eventKeys.attendees(eventId), queryFn: () => api.call(eventEndpoints.eventAttendees, { params: { eventId } }) });

/** Staff: a certificate of attendance for a member who had a seat; the handlers get the member's id. */
export const useIssueCertificate = (
  eventId: string,
  on: { onSuccess: (cert: Certificate, recipientId: string) => void; onError: (error: Error, recipientId: string) => void },
) =>
  useMutation({
    mutationFn: (recipientId: string) => api.call(eventEndpoints.issueCertificate, { body: { recipientId, eventId } }),
    onSuccess: (cert, recipientId) => on.onSuccess(cert, recipientId),
    onError: (error, recipientId) => on.onError(error, recipientId),
  });
