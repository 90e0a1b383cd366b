import { named } from './endpoint-meta';

/**
 * The core calls, in '@vox/contract' (which the shell shares eagerly, so every first route on every
 * variant carries them): the calls the shell's own code makes (sign-in, sign-up and password reset,
 * the token refresh, subscriptions, friendships, the red-dot poll and the last-seen mark, user
 * photos, the activity log, render errors, joining a script's or a share link's session), plus the two the main
 * site's front door makes on its first route (the demo scenes and their takes' audio): a first
 * route loads this table anyway, and an area entry would cost it a request.
 *
 * Every other call lives with its area (./<area>-endpoints.ts, exported by the area's entry, e.g.
 * `scriptEndpoints` from '@vox/contract/scripts'), so a page loads only its own area's table.
 * The full table, for the server and the tests, is ./all-endpoints.ts (@vox/contract/schemas).
 * A shell-side call must stay here: endpoints.spec.ts fails when one goes missing.
 */
export const coreEndpoints = named({
  createUser: { method: 'POST', path: '/api/users/create', auth: 'public' },
  passwordCode: { method: 'POST', path: '/api/users/password/code', auth: 'public' },
  passwordVerify: { method: 'POST', path: '/api/users/password/verify', auth: 'public' },
  passwordReset: { method: 'POST', path: '/api/users/password/reset', auth: 'public' },
  authenticate: { method: 'POST', path: '/api/users/authenticate', auth: 'public' },
  authenticateMicrosoft: { method: 'POST', path: '/api/users/authenticate/microsoft', auth: 'public' },
  /** Reads the httpOnly refresh cookie, not a Bearer token. */
  refreshToken: { method: 'POST', path: '/api/users/refresh-token', auth: 'public' },
  signOut: { method: 'POST', path: '/api/users/signOut', auth: 'public' },
  /** While the caller's session lives, their privileges now: an open tab's check that nothing ended or changed it elsewhere. */
  sessionCheck: { method: 'GET', path: '/api/users/session', auth: 'user' },
  /** Without `user`: my own subscriptions; another user's only for staff. */
  subscriptions: { method: 'GET', path: '/api/subscriptions', auth: 'user' },
  publicConfig: { method: 'GET', path: '/api/config/public', auth: 'public' },
  friendships: { method: 'GET', path: '/api/friendships/', auth: 'user' },
  /** The red-dot poll: how many messages are newer than `after` (my last-seen mark). */
  newNotifications: { method: 'GET', path: '/api/notifications/new', auth: 'user' },
  notificationsSeen: { method: 'GET', path: '/api/notifications/seen', auth: 'user' },
  userPhoto: { method: 'GET', path: '/api/users/photo/:photo', auth: 'public', binary: true },
  /** Anonymous visitors log with a null userId; a signed-in caller only as themselves. */
  postActivity: { method: 'POST', path: '/api/activities/', auth: 'optional' },
  /** The shell's error boundary: a page that threw while drawing, for the server's log. */
  reportRenderError: { method: 'POST', path: '/api/client-errors', auth: 'optional' },
  scriptSession: { method: 'GET', path: '/api/scripts/:scriptId/session', auth: 'user' },
  shareLinkSession: { method: 'GET', path: '/api/sharelinks/:linkId/session', auth: 'user' },
  /** No sign-in: an <audio src> sends no Bearer header; the id (a content hash) is the capability. */
  audio: { method: 'GET', path: '/api/audio/:audioId', auth: 'public', binary: true },
  /** The front door's demo scenes, each with its featured finished read (or null). */
  showcase: { method: 'GET', path: '/api/showcase', auth: 'public' },
});
