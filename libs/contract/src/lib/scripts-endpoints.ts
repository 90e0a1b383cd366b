// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * The scripts area's calls: scripts, reading sessions, takes, share links, history, the
 * creator's removals, a script's cues and the finished read. Web: @vox/contract/scripts.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const scriptEndpoints = named({
  /** Anonymous callers may list the `all` and `public` scopes. */
  scripts: { method: 'GET', path: '/api/scripts', auth: 'optional' },
  createScript: { method: 'POST', path: '/api/scripts', auth: 'user' },
  script: { method: 'GET', path: '/api/scripts/:scriptId', auth: 'user' },
  saveScript: { method: 'PUT', path: '/api/scripts/:scriptId', auth: 'user' },
  deleteScript: { method: 'DELETE', path: '/api/scripts/:scriptId', auth: 'user' },
  /** File field "cover". */
  uploadScriptCover: { method: 'POST', path: '/api/scripts/:scriptId/cover', auth: 'user', multipart: true },
  removeScriptCover: { method: 'DELETE', path: '/api/scripts/:scriptId/cover', auth: 'user' },
  revokeShareLink: { method: 'DELETE', path: '/api/sharelinks/:linkId', auth: 'user' },
  session: { method: 'GET', path: '/api/sessions/:sessionId', auth: 'user' },
  claimRole: { method: 'PUT', path: '/api/sessions/:sessionId/role', auth: 'user' },
  /** Text fields lineId, clientId, durationMs, then the file field "audio". */
  uploadTake: { method: 'POST', path: '/api/sessions/:sessionId/takes', auth: 'user', multipart: true },
  deleteTake: { method: 'DELETE', path: '/api/sessions/:sessionId/takes/:takeId', auth: 'user' },
  pickTake: { method: 'PUT', path: '/api/sessions/:sessionId/takes/:takeId/pick', auth: 'user' },
  shareLinks: { method: 'GET', path: '/api/sessions/:sessionId/sharelinks', auth: 'user' },
  createShareLink: { method: 'POST', path: '/api/sessions/:sessionId/sharelinks', auth: 'user' },
  inviteToSession: { method: 'POST', path: '/api/sessions/:sessionId/invitations', auth: 'user' },
  history: { method: 'GET', path: '/api/history', auth: 'user' },
  /** The session's creator removes a participant (their takes stay). */
  removeParticipant: { method: 'DELETE', path: '/api/sessions/:sessionId/participants/:userId', auth: 'user' },
  /** The session's creator removes everyone who joined by a revoked link. */
  removeLinkJoiners: { method: 'DELETE', path: '/api/sharelinks/:linkId/joiners', auth: 'user' },
  /** Cues of a script, for anyone who may read it (the reader, the table read). */
  scriptCues: { method: 'GET', path: '/api/scripts/:scriptId/cues', auth: 'user' },
  saveScriptCues: { method: 'PUT', path: '/api/scripts/:scriptId/cues', auth: 'audio_library' },
  renderRead: { method: 'POST', path: '/api/sessions/:sessionId/renders', auth: 'user' },
  sessionRenders: { method: 'GET', path: '/api/sessions/:sessionId/renders', auth: 'user' },
  publishReadAsEpisode: { method: 'POST', path: '/api/sessions/:sessionId/episode', auth: 'user' },
  readRender: { method: 'GET', path: '/api/read-renders/:renderId', auth: 'user' },
  readRenderAudio: { method: 'GET', path: '/api/read-renders/:renderId/audio', auth: 'user', binary: true },
  shareReadRender: { method: 'POST', path: '/api/read-renders/:renderId/link', auth: 'user' },
  revokeReadRenderLink: { method: 'DELETE', path: '/api/read-renders/:renderId/link', auth: 'user' },
  /** Anyone with the link listens (or downloads); revocable. */
  sharedReadAudio: { method: 'GET', path: '/api/read-links/:token', auth: 'public', binary: true },
  downloadTake: { method: 'GET', path: '/api/sessions/:sessionId/takes/:takeId/download', auth: 'user', binary: true },
  /** A share link's title, inviter and role, for the logged-out /s/{linkId} page; 404 when revoked or unknown. */
  shareLinkPreview: { method: 'GET', path: '/api/sharelinks/:linkId/preview', auth: 'public' },
  /** A demo scene's text, for the front door's "Read the scene"; 404 for any other script. */
  demoScene: { method: 'GET', path: '/api/showcase/:scriptId', auth: 'public' },
});
