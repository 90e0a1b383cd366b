// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * The events area's calls, with the certificate staff issue for an event. Web:
 * @vox/contract/events.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const eventEndpoints = named({
  /** Upcoming events (soonest first) or, with when=past, the archive; each with my registration when signed in. */
  events: { method: 'GET', path: '/api/events', auth: 'optional' },
  event: { method: 'GET', path: '/api/events/:eventId', auth: 'optional' },
  /** Staff only. */
  createEvent: { method: 'POST', path: '/api/events', auth: 'user' },
  /** A seat while there is one, else the waiting list; registering again changes nothing. */
  registerForEvent: { method: 'PUT', path: '/api/events/:eventId/registration', auth: 'user' },
  /** A freed seat goes to the first on the waiting list, who gets a mail. */
  cancelEventRegistration: { method: 'DELETE', path: '/api/events/:eventId/registration', auth: 'user' },
  /** Staff only: who is registered and who waits. */
  eventAttendees: { method: 'GET', path: '/api/events/:eventId/attendees', auth: 'user' },
  /** Staff for an event (or a named course); teachers for a class later. */
  issueCertificate: { method: 'POST', path: '/api/certificates', auth: 'user' },
});
