import Type from 'typebox';
import { IdParam, Person } from './common';
import { EVENT_LIMITS } from './events-values';

/**
 * Events: staff create them; members register, join the waiting list once an event
 * is full, and cancel. Times are ISO-8601 UTC; `timeZone` (IANA) is the zone the event is held in,
 * for showing its local time.
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const EventParams = Type.Object({ eventId: IdParam });
export type EventParams = Type.Static<typeof EventParams>;

export const EventsQuery = Type.Object({
  /** `upcoming` (default): not yet ended, soonest first; `past`: the archive, newest first. */
  when: Type.Optional(Type.Union([Type.Literal('upcoming'), Type.Literal('past')])),
});
export type EventsQuery = Type.Static<typeof EventsQuery>;

const MyEventRegistration = Type.Object({
  status: Type.Union([Type.Literal('confirmed'), Type.Literal('waitlisted')]),
  /** Place on the waiting list (1 = next in line); null when confirmed. */
  position: Nullable(Type.Integer({ minimum: 1 })),
  registeredAt: Type.String(),
});
type MyEventRegistration = Type.Static<typeof MyEventRegistration>;

export const EventSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  timeZone: Type.String(),
  place: Nullable(Type.String()),
  onlineUrl: Nullable(Type.String()),
  capacity: Type.Integer({ minimum: 1 }),
  seatsLeft: Type.Integer({ minimum: 0 }),
  waitlistCount: Type.Integer({ minimum: 0 }),
  ended: Type.Boolean(),
  /** The caller's registration (null for anonymous callers and when not registered). */
  myRegistration: Nullable(MyEventRegistration),
});
export type EventSummary = Type.Static<typeof EventSummary>;

export const EventList = Type.Object({ events: Type.Array(EventSummary) });
export type EventList = Type.Static<typeof EventList>;

export const EventInput = Type.Object({
  title: Type.String({ maxLength: EVENT_LIMITS.title }),
  description: Type.String({ maxLength: EVENT_LIMITS.description }),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  timeZone: Type.String({ minLength: 1, maxLength: EVENT_LIMITS.timeZone }),
  place: Type.Optional(Nullable(Type.String({ maxLength: EVENT_LIMITS.place }))),
  onlineUrl: Type.Optional(Nullable(Type.String({ maxLength: EVENT_LIMITS.url }))),
  capacity: Type.Integer({ minimum: 1, maximum: EVENT_LIMITS.capacity }),
});
export type EventInput = Type.Static<typeof EventInput>;

export const EventRegistrationResult = Type.Object({
  message: Type.String(),
  event: EventSummary,
});
export type EventRegistrationResult = Type.Static<typeof EventRegistrationResult>;

const EventAttendee = Type.Object({
  user: Person,
  email: Nullable(Type.String()),
  status: Type.Union([Type.Literal('confirmed'), Type.Literal('waitlisted')]),
  registeredAt: Type.String(),
});
export const EventAttendeeList = Type.Object({ attendees: Type.Array(EventAttendee) });
export type EventAttendeeList = Type.Static<typeof EventAttendeeList>;
