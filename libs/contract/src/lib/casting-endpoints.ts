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

  // Auditions (the flow is described in ./casting-auditions.ts).
  /** The role's sides, each with its cue lines and the owner's takes of them: anyone who may see the call. */
  castingRoleCues: { method: 'GET', path: '/api/casting/roles/:roleId/cues', auth: 'user' },
  /** My draft for the role (201 new, 200 the draft I have); 409 once I sent one. */
  startCastingAudition: { method: 'POST', path: '/api/casting/roles/:roleId/auditions', auth: 'user' },
  /** My auditions (drafts and sent) in this call. */
  myCastingAuditions: { method: 'GET', path: '/api/casting/calls/:callId/my-auditions', auth: 'user' },
  /** One audition: to its auditioner (any state) and, once sent, the call's owner. */
  castingAudition: { method: 'GET', path: '/api/casting/auditions/:auditionId', auth: 'user' },
  /** Text fields lineId, clientId, durationMs, then the file "audio" (as uploadTake); my draft only; 201 new, 200 this clientId's take already there. */
  uploadAuditionTake: { method: 'POST', path: '/api/casting/auditions/:auditionId/takes', auth: 'user', multipart: true },
  deleteAuditionTake: { method: 'DELETE', path: '/api/casting/auditions/:auditionId/takes/:lineId', auth: 'user' },
  /** Optional text field durationMs, then the file "audio": one file for the whole audition; my draft only. */
  uploadAuditionFile: { method: 'PUT', path: '/api/casting/auditions/:auditionId/file', auth: 'user', multipart: true },
  sendCastingAudition: { method: 'POST', path: '/api/casting/auditions/:auditionId/send', auth: 'user' },
  /** My draft any time, my sent audition until the deadline: gone, its recordings deleted. */
  withdrawCastingAudition: { method: 'DELETE', path: '/api/casting/auditions/:auditionId', auth: 'user' },
  /** A signed, expiring link's bytes (an <audio src> sends no Bearer token): a take (`part` = line id) or the whole file. */
  castingAuditionAudio: { method: 'GET', path: '/api/casting/audition-audio/:auditionId/:part', auth: 'public', binary: true },
  /** The owner: the sent auditions for one role, oldest first. */
  castingRoleAuditions: { method: 'GET', path: '/api/casting/roles/:roleId/auditions', auth: 'user' },
  /** The owner: note, shortlist star, rating of a sent audition. */
  reviewCastingAudition: { method: 'PATCH', path: '/api/casting/auditions/:auditionId/review', auth: 'user' },
  /** The owner: the chosen auditions' roles' sides and cues merged in script order, with audio. */
  castingScene: { method: 'GET', path: '/api/casting/calls/:callId/scene', auth: 'user' },
  /** The owner casts a sent audition: message + table read for the member; closes the call once every role is cast. */
  castCastingRole: { method: 'POST', path: '/api/casting/roles/:roleId/cast', auth: 'user' },

  // Reports and staff hiding.
  /** A member who may see the call reports it to staff (once per member; again updates the reason). */
  reportCastingCall: { method: 'POST', path: '/api/casting/calls/:callId/report', auth: 'user' },
  /** Staff: reported calls. */
  reportedCastingCalls: { method: 'GET', path: '/api/casting/reports', auth: 'user' },
  /** Staff: hide (or show again) a call: off the board, its page not found for all but its owner. */
  hideCastingCall: { method: 'PUT', path: '/api/casting/calls/:callId/hidden', auth: 'user' },

  // Credits on profiles.
  /** The roles a member was cast in, unless they keep them off their profile. */
  castingCredits: { method: 'GET', path: '/api/casting/members/:userId/credits', auth: 'optional' },
  castingSettings: { method: 'GET', path: '/api/casting/settings', auth: 'user' },
  updateCastingSettings: { method: 'PUT', path: '/api/casting/settings', auth: 'user' },
});
