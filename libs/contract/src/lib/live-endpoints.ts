// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * Live table reads' calls. Web: @vox/contract/live.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const liveEndpoints = named({
  /** text/event-stream of LiveEvent for the session's participants (docs/live.md). */
  liveSession: { method: 'GET', path: '/api/sessions/:sessionId/live', auth: 'user' },
  /** What my live connection is doing (recording a line, or nothing). */
  livePresence: { method: 'PUT', path: '/api/sessions/:sessionId/live/presence', auth: 'user' },
});
