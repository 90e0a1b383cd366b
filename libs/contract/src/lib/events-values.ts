/**
 * Plain values of the events area: limits and the texts the server answers with. No
 * TypeBox here (the web imports this); the schemas are in ./events.ts.
 */
export const EVENT_LIMITS = {
  title: 120,
  description: 5000,
  place: 200,
  url: 500,
  timeZone: 64,
  /** Seats of one event. */
  capacity: 10_000,
} as const;


export const EVENT_MESSAGES = {
  eventNotFound: 'This event was not found.',
  staffOnly: 'Only staff can manage events.',
  eventEnded: 'This event has ended; registration is closed.',
  titleMissing: 'Please give the event a title.',
  endsBeforeStart: 'The event must end after it starts.',
  badTimeZone: 'Please choose a time zone such as Europe/London.',
  placeMissing: 'Please give a place or an online link.',
  badUrl: 'The online link must start with https:// or http://.',
  registered: 'You are registered. A confirmation is on its way to your email.',
  waitlisted: 'The event is full, so you are on the waiting list. We will email you if a seat opens.',
  alreadyRegistered: 'You are already registered for this event.',
  alreadyWaitlisted: 'You are already on the waiting list for this event.',
  notRegistered: 'You are not registered for this event.',
  cancelled: 'Your registration is cancelled.',
  tooManyRequests: 'Too many registrations in a short time. Please wait a minute and try again.',
} as const;
