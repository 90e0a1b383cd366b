// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * The casting area's calls. Web: @vox/contract/casting.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const castingEndpoints = named({
  /** The board: open calls the caller may see, newest first; link-only calls are never listed. */
  castingCalls: { method: 'GET', path: '/api/casting/calls', auth: 'optional' },
  /** One call: public, friends-only to the owner's friends; a link-only call only to its owner here. */
  castingCall: { method: 'GET', path: '/api/casting/calls/:callId', auth: 'optional' },
  /** A call by its link id (a link-only call's address; any visibility). */
  castingCallByLink: { method: 'GET', path: '/api/casting/links/:linkId', auth: 'optional' },
  /** Post a call from one of my scripts, within the open-calls limit. */
  createCastingCall: { method: 'POST', path: '/api/casting/calls', auth: 'user' },
  /** The owner, while the call is open. */
  updateCastingCall: { method: 'PATCH', path: '/api/casting/calls/:callId', auth: 'user' },
  closeCastingCall: { method: 'POST', path: '/api/casting/calls/:callId/close', auth: 'user' },
  /** Before the deadline, within the open-calls limit. */
  reopenCastingCall: { method: 'POST', path: '/api/casting/calls/:callId/reopen', auth: 'user' },
  /** My calls, open and closed, newest first. */
  myCastingCalls: { method: 'GET', path: '/api/casting/mine', auth: 'user' },
  /** My open calls and how many I may have. */
  castingLimits: { method: 'GET', path: '/api/casting/limits', auth: 'user' },
});
