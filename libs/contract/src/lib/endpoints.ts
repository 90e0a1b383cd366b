import type { Static, TSchema } from 'typebox';
import type { Privilege } from './constants';
import type { EndpointSchemas } from './endpoint-schemas';

/**
 * Every API call, described once: a stable name, the method, the path template (`:name` marks a
 * path parameter) and who may call it. Plain values only, so the web bundle carries no TypeBox;
 * the request and answer schemas are in `endpointSchemas` (@vox/contract/schemas), keyed by the
 * same names, and the types of params, query, body and answer below are derived from them.
 *
 * auth: `public` (no sign-in), `optional` (anyone; the signed-in user is taken into account),
 * `user` (a signed-in user), or a privilege name (a signed-in user holding that privilege).
 */
export type EndpointAuth = 'public' | 'optional' | 'user' | Privilege;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointMeta {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: EndpointAuth;
  /** The request body is multipart/form-data (a file upload); the route checks its fields. */
  readonly multipart?: true;
  /** The answer is bytes (a photo, a recording), not JSON. */
  readonly binary?: true;
}

const table = {
  health: { method: 'GET', path: '/api/health', auth: 'public' },
  /** Readiness for a load balancer: 503 while the database, Redis, storage or jobs are unreachable, or while shutting down. */
  ready: { method: 'GET', path: '/api/ready', auth: 'public' },

  // Accounts and sign-in (seed section 7)
  createUser: { method: 'POST', path: '/api/users/create', auth: 'public' },
  passwordCode: { method: 'POST', path: '/api/users/password/code', auth: 'public' },
  passwordVerify: { method: 'POST', path: '/api/users/password/verify', auth: 'public' },
  passwordReset: { method: 'POST', path: '/api/users/password/reset', auth: 'public' },
  authenticate: { method: 'POST', path: '/api/users/authenticate', auth: 'public' },
  authenticateMicrosoft: { method: 'POST', path: '/api/users/authenticate/microsoft', auth: 'public' },
  /** Reads the httpOnly refresh cookie, not a Bearer token. */
  refreshToken: { method: 'POST', path: '/api/users/refresh-token', auth: 'public' },
  signOut: { method: 'POST', path: '/api/users/signOut', auth: 'public' },
  /** Without `user`: my own subscriptions; another user's only for staff. */
  subscriptions: { method: 'GET', path: '/api/subscriptions', auth: 'user' },
  publicConfig: { method: 'GET', path: '/api/config/public', auth: 'public' },

  // Friends
  friendships: { method: 'GET', path: '/api/friendships/', auth: 'user' },
  friendRequests: { method: 'GET', path: '/api/friendships/requests', auth: 'user' },
  /** `to` (handle or email) or `userId`; accepts their request when they asked first. */
  sendFriendRequest: { method: 'POST', path: '/api/friendships/requests', auth: 'user' },
  acceptFriendRequest: { method: 'POST', path: '/api/friendships/requests/:userId/accept', auth: 'user' },
  declineFriendRequest: { method: 'POST', path: '/api/friendships/requests/:userId/decline', auth: 'user' },
  cancelFriendRequest: { method: 'DELETE', path: '/api/friendships/requests/:userId', auth: 'user' },
  removeFriend: { method: 'DELETE', path: '/api/friendships/:userId', auth: 'user' },

  // Messages
  /** The red-dot poll: how many messages are newer than `after` (my last-seen mark). */
  newNotifications: { method: 'GET', path: '/api/notifications/new', auth: 'user' },
  notifications: { method: 'GET', path: '/api/notifications', auth: 'user' },
  notificationsSeen: { method: 'GET', path: '/api/notifications/seen', auth: 'user' },
  markNotificationsSeen: { method: 'PUT', path: '/api/notifications/seen', auth: 'user' },
  sendMessage: { method: 'POST', path: '/api/messages', auth: 'user' },

  // Profiles and photos
  profile: { method: 'GET', path: '/api/users/profile/:userId', auth: 'optional' },
  profileByHandle: { method: 'GET', path: '/api/users/by-handle/:handle', auth: 'optional' },
  updateMyProfile: { method: 'PATCH', path: '/api/users/me', auth: 'user' },
  userPhoto: { method: 'GET', path: '/api/users/photo/:photo', auth: 'public', binary: true },
  /** File field "photo". */
  uploadMyPhoto: { method: 'POST', path: '/api/users/photo', auth: 'user', multipart: true },
  removeMyPhoto: { method: 'DELETE', path: '/api/users/photo', auth: 'user' },

  /** Anonymous visitors log with a null userId; a signed-in caller only as themselves. */
  postActivity: { method: 'POST', path: '/api/activities/', auth: 'optional' },

  // Scripts
  /** Anonymous callers may list the `all` and `public` scopes. */
  scripts: { method: 'GET', path: '/api/scripts', auth: 'optional' },
  createScript: { method: 'POST', path: '/api/scripts', auth: 'user' },
  script: { method: 'GET', path: '/api/scripts/:scriptId', auth: 'user' },
  saveScript: { method: 'PUT', path: '/api/scripts/:scriptId', auth: 'user' },
  deleteScript: { method: 'DELETE', path: '/api/scripts/:scriptId', auth: 'user' },
  /** File field "cover". */
  uploadScriptCover: { method: 'POST', path: '/api/scripts/:scriptId/cover', auth: 'user', multipart: true },
  removeScriptCover: { method: 'DELETE', path: '/api/scripts/:scriptId/cover', auth: 'user' },
  scriptSession: { method: 'GET', path: '/api/scripts/:scriptId/session', auth: 'user' },

  // Reading sessions, takes and share links
  shareLinkSession: { method: 'GET', path: '/api/sharelinks/:linkId/session', auth: 'user' },
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
  /** Staff only: background jobs that failed for good, newest first. */
  jobFailures: { method: 'GET', path: '/api/jobs/failures', auth: 'user' },
  /** Staff only: one background job's state and progress. */
  jobStatus: { method: 'GET', path: '/api/jobs/:name/:id', auth: 'user' },
  /** No sign-in: an <audio src> sends no Bearer header; the id (a content hash) is the capability. */
  audio: { method: 'GET', path: '/api/audio/:audioId', auth: 'public', binary: true },
  history: { method: 'GET', path: '/api/history', auth: 'user' },

  // --- Membership (issue 15) ---
  /** The active plans, each with the role it grants; `current` marks the caller's running plan. */
  plans: { method: 'GET', path: '/api/membership/plans', auth: 'optional' },
  /** Starts a checkout of one plan; price and role come from the server's plan. Answers where to send the buyer. */
  startCheckout: { method: 'POST', path: '/api/membership/checkouts', auth: 'user' },
  checkout: { method: 'GET', path: '/api/membership/checkouts/:checkoutId', auth: 'user' },
  /** The built-in test provider's checkout page (HTML); the checkout id is the capability. */
  testCheckoutPage: { method: 'GET', path: '/api/membership/test-checkout/:checkoutId', auth: 'public' },
  /** Its form post (pay with a test card, or cancel); answers a redirect or the page again. */
  testCheckoutSubmit: { method: 'POST', path: '/api/membership/test-checkout/:checkoutId', auth: 'public' },
  /** Stripe's webhook; the signature is checked with the Stripe SDK before anything is read. */
  stripeWebhook: { method: 'POST', path: '/api/membership/stripe/webhook', auth: 'public' },
  /** My subscriptions with plan, status and receipts (another user's for staff). */
  membershipSubscriptions: { method: 'GET', path: '/api/membership/subscriptions', auth: 'user' },
  cancelSubscription: { method: 'POST', path: '/api/membership/subscriptions/:subscriptionId/cancel', auth: 'user' },
  resumeSubscription: { method: 'POST', path: '/api/membership/subscriptions/:subscriptionId/resume', auth: 'user' },
  /** Staff: end a subscription now. */
  endSubscription: { method: 'POST', path: '/api/membership/subscriptions/:subscriptionId/end', auth: 'user' },
  /** Staff: refund a payment through its provider (ends the subscription it paid for). */
  refundPayment: { method: 'POST', path: '/api/membership/payments/:paymentId/refund', auth: 'user' },
  // --- Events (issue 18) ---
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

  // --- School: forms (issue 18) ---
  /** /contact: stored, mailed to the team and a copy to the sender; rate-limited per address. */
  submitContact: { method: 'POST', path: '/api/forms/contact', auth: 'optional' },
  /** /pilot_program/id: the same for a school's pilot-programme request. */
  submitPilot: { method: 'POST', path: '/api/forms/pilot', auth: 'optional' },
  /** Staff only: the requests, newest first. */
  formRequests: { method: 'GET', path: '/api/forms/requests', auth: 'user' },

  // --- School: certificates (issue 18) ---
  /** The certificates issued to me, newest first. */
  myCertificates: { method: 'GET', path: '/api/certificates', auth: 'user' },
  /** Anyone holding the (long, random) id: the printable page and the public verification. */
  certificate: { method: 'GET', path: '/api/certificates/:certId', auth: 'optional' },
  /** Staff for an event (or a named course); teachers for a class later. */
  issueCertificate: { method: 'POST', path: '/api/certificates', auth: 'user' },
  /** Staff or the issuer. */
  revokeCertificate: { method: 'POST', path: '/api/certificates/:certId/revoke', auth: 'user' },
  // --- Drafts and templates (issue 13) ---
  drafts: { method: 'GET', path: '/api/drafts', auth: 'draft' },
  /** Blank, from a template (`templateId`) or from a text (`body`). */
  createDraft: { method: 'POST', path: '/api/drafts', auth: 'draft' },
  draft: { method: 'GET', path: '/api/drafts/:draftId', auth: 'draft' },
  /** 409 when `baseRevision` is not the draft's revision (saved elsewhere meanwhile). */
  saveDraft: { method: 'PUT', path: '/api/drafts/:draftId', auth: 'draft' },
  renameDraft: { method: 'PATCH', path: '/api/drafts/:draftId', auth: 'draft' },
  deleteDraft: { method: 'DELETE', path: '/api/drafts/:draftId', auth: 'draft' },
  duplicateDraft: { method: 'POST', path: '/api/drafts/:draftId/duplicate', auth: 'draft' },
  /** A standard screenplay PDF (Courier 12 pt, page numbers). */
  draftPdf: { method: 'GET', path: '/api/drafts/:draftId/pdf', auth: 'draft', binary: true },
  draftRevisions: { method: 'GET', path: '/api/drafts/:draftId/revisions', auth: 'draft' },
  createDraftRevision: { method: 'POST', path: '/api/drafts/:draftId/revisions', auth: 'draft' },
  draftRevision: { method: 'GET', path: '/api/drafts/:draftId/revisions/:revisionId', auth: 'draft' },
  /** The revision's text becomes the draft's newest; the text it replaces stays a revision. */
  restoreDraftRevision: { method: 'POST', path: '/api/drafts/:draftId/revisions/:revisionId/restore', auth: 'draft' },
  templates: { method: 'GET', path: '/api/templates', auth: 'draft' },
  createTemplate: { method: 'POST', path: '/api/templates', auth: 'draft' },
  template: { method: 'GET', path: '/api/templates/:templateId', auth: 'draft' },
  saveTemplate: { method: 'PUT', path: '/api/templates/:templateId', auth: 'draft' },
  deleteTemplate: { method: 'DELETE', path: '/api/templates/:templateId', auth: 'draft' },
  /** Makes the draft a script, or updates the script it made before, keeping every take. */
  publishDraft: { method: 'POST', path: '/api/drafts/:draftId/publish', auth: 'draft' },
  // --- Metrics (issue 17) ---
  /** Staff (show_metrics): every chart's daily counts for a range, time zone and site. */
  metrics: { method: 'GET', path: '/api/metrics', auth: 'show_metrics' },
  // Issue 22: the creator of a reading session removes people from it.
  /** The session's creator removes a participant (their takes stay). */
  removeParticipant: { method: 'DELETE', path: '/api/sessions/:sessionId/participants/:userId', auth: 'user' },
  /** The session's creator removes everyone who joined by a revoked link. */
  removeLinkJoiners: { method: 'DELETE', path: '/api/sharelinks/:linkId/joiners', auth: 'user' },
  // --- School: classes and assignments (issue 18, parts 1-5) ---
  /** A signed-in school user's / : my classes, work due and feedback, or (teachers) work to review. */
  schoolHome: { method: 'GET', path: '/api/school/home', auth: 'user' },
  /** The classes I teach or am in; archived ones too. */
  classes: { method: 'GET', path: '/api/school/classes', auth: 'user' },
  createClass: { method: 'POST', path: '/api/school/classes', auth: 'teach' },
  /** Its teacher or one of its students; anyone else: 404. */
  schoolClass: { method: 'GET', path: '/api/school/classes/:classId', auth: 'user' },
  /** The teacher: archive or restore. */
  updateClass: { method: 'PATCH', path: '/api/school/classes/:classId', auth: 'teach' },
  /** The teacher: User ID accounts from CSV (name, user id), all or none, each with a set-password code. */
  enrolFromCsv: { method: 'POST', path: '/api/school/classes/:classId/students', auth: 'teach' },
  /** The teacher: adds an existing member by email; they get a message. */
  inviteToClass: { method: 'POST', path: '/api/school/classes/:classId/invitations', auth: 'teach' },
  removeFromClass: { method: 'DELETE', path: '/api/school/classes/:classId/students/:userId', auth: 'teach' },
  /** The teacher: a new set-password code for a student whose account the class created. */
  newSetupCode: { method: 'POST', path: '/api/school/classes/:classId/students/:userId/code', auth: 'teach' },
  /** A student with a User ID sets a password with the code their teacher gave them. */
  setPasswordWithCode: { method: 'POST', path: '/api/school/set-password', auth: 'public' },
  /** The teacher: a script, a role per student (students with a group number share a session), a due date. */
  createAssignment: { method: 'POST', path: '/api/school/classes/:classId/assignments', auth: 'teach' },
  /** The teacher: every student's work; a student: their own. */
  assignment: { method: 'GET', path: '/api/school/assignments/:assignmentId', auth: 'user' },
  /** The reader: the work tied to a session (the teacher: every student's in it; a student: theirs). */
  sessionWork: { method: 'GET', path: '/api/school/sessions/:sessionId/work', auth: 'user' },
  submitWork: { method: 'POST', path: '/api/school/work/:workId/submit', auth: 'user' },
  /** The teacher: a comment on the work, a line, or a time in a take. */
  commentOnWork: { method: 'POST', path: '/api/school/work/:workId/comments', auth: 'teach' },
  /** The teacher: return for another try or mark complete; the student gets a message. */
  reviewWork: { method: 'POST', path: '/api/school/work/:workId/review', auth: 'teach' },
  /** The teacher: a certificate for a student who completed every assignment (revoke: revokeCertificate). */
  issueClassCertificate: { method: 'POST', path: '/api/school/classes/:classId/certificates', auth: 'teach' },
  // --- Audio library (issue 14) ---
  sounds: { method: 'GET', path: '/api/sounds', auth: 'audio_library' },
  /** multipart: fields type, title (optional), then the file "audio". */
  uploadSound: { method: 'POST', path: '/api/sounds', auth: 'audio_library', multipart: true },
  sound: { method: 'GET', path: '/api/sounds/:soundId', auth: 'audio_library' },
  updateSound: { method: 'PATCH', path: '/api/sounds/:soundId', auth: 'audio_library' },
  replaceSoundFile: { method: 'PUT', path: '/api/sounds/:soundId/file', auth: 'audio_library', multipart: true },
  /** 409 with the lines that use it as a cue, unless `confirm=true`. */
  deleteSound: { method: 'DELETE', path: '/api/sounds/:soundId', auth: 'audio_library' },
  soundPeaks: { method: 'GET', path: '/api/sounds/:soundId/peaks', auth: 'audio_library' },
  /** The bytes, by an unguessable id (SHA-256): an <audio src> sends no Bearer token. */
  soundFile: { method: 'GET', path: '/api/sound-files/:fileId', auth: 'public', binary: true },
  /** Cues of a script, for anyone who may read it (the reader, the table read). */
  scriptCues: { method: 'GET', path: '/api/scripts/:scriptId/cues', auth: 'user' },
  saveScriptCues: { method: 'PUT', path: '/api/scripts/:scriptId/cues', auth: 'audio_library' },
  freesoundSearch: { method: 'GET', path: '/api/freesound/search', auth: 'audio_library' },
  freesoundImport: { method: 'POST', path: '/api/freesound/import', auth: 'audio_library' },
  // --- Podcast variant (issue 16) ---
  /** Channels with search (q) and a category; each with its feed URL. */
  podcastChannels: { method: 'GET', path: '/api/podcast/channels', auth: 'optional' },
  /** A channel and its episodes, newest first (the owner also sees drafts and scheduled ones). */
  podcastChannel: { method: 'GET', path: '/api/podcast/channels/:channelId', auth: 'optional' },
  /** The channel's RSS 2.0 feed (iTunes and Podcasting 2.0 namespaces). */
  podcastFeed: { method: 'GET', path: '/api/podcast/channels/:channelId/feed.xml', auth: 'public' },
  podcastEpisode: { method: 'GET', path: '/api/podcast/episodes/:episodeId', auth: 'optional' },
  podcastChapters: { method: 'GET', path: '/api/podcast/episodes/:episodeId/chapters.json', auth: 'public' },
  podcastTranscript: { method: 'GET', path: '/api/podcast/episodes/:episodeId/transcript.vtt', auth: 'public' },
  /** An episode's audio by its SHA-256 (content-addressed), with range requests. */
  podcastAudio: { method: 'GET', path: '/api/podcast/audio/:audioId', auth: 'public', binary: true },
  /** A play, counted once per listener, episode and day. */
  podcastPlay: { method: 'POST', path: '/api/podcast/episodes/:episodeId/plays', auth: 'optional' },
  /** The episode a share link plays, or (an episode's own id) the episode page's. */
  podcastSharedEpisode: { method: 'GET', path: '/api/podcast/share/:linkId', auth: 'optional' },
  /** A public playlist, or my own. */
  podcastPlaylist: { method: 'GET', path: '/api/podcast/playlists/:playlistId', auth: 'optional' },
  createPodcastChannel: { method: 'POST', path: '/api/podcast/channels', auth: 'user' },
  updatePodcastChannel: { method: 'PATCH', path: '/api/podcast/channels/:channelId', auth: 'user' },
  uploadPodcastCover: { method: 'POST', path: '/api/podcast/channels/:channelId/cover', auth: 'user', multipart: true },
  followPodcastChannel: { method: 'PUT', path: '/api/podcast/channels/:channelId/follow', auth: 'user' },
  unfollowPodcastChannel: { method: 'DELETE', path: '/api/podcast/channels/:channelId/follow', auth: 'user' },
  podcastChannelStats: { method: 'GET', path: '/api/podcast/channels/:channelId/stats', auth: 'user' },
  /** Fields title, notes, season, episode, publish, publishAt, then the file "audio". */
  uploadPodcastEpisode: { method: 'POST', path: '/api/podcast/channels/:channelId/episodes', auth: 'user', multipart: true },
  updatePodcastEpisode: { method: 'PATCH', path: '/api/podcast/episodes/:episodeId', auth: 'user' },
  deletePodcastEpisode: { method: 'DELETE', path: '/api/podcast/episodes/:episodeId', auth: 'user' },
  podcastShareLinks: { method: 'GET', path: '/api/podcast/episodes/:episodeId/share-links', auth: 'user' },
  createPodcastShareLink: { method: 'POST', path: '/api/podcast/episodes/:episodeId/share-links', auth: 'user' },
  revokePodcastShareLink: { method: 'DELETE', path: '/api/podcast/share/:linkId', auth: 'user' },
  podcastHome: { method: 'GET', path: '/api/podcast/home', auth: 'user' },
  podcastFavorites: { method: 'GET', path: '/api/podcast/favorites', auth: 'user' },
  favoritePodcastEpisode: { method: 'PUT', path: '/api/podcast/favorites/:episodeId', auth: 'user' },
  unfavoritePodcastEpisode: { method: 'DELETE', path: '/api/podcast/favorites/:episodeId', auth: 'user' },
  myPodcastPlaylists: { method: 'GET', path: '/api/podcast/playlists', auth: 'user' },
  createPodcastPlaylist: { method: 'POST', path: '/api/podcast/playlists', auth: 'user' },
  updatePodcastPlaylist: { method: 'PATCH', path: '/api/podcast/playlists/:playlistId', auth: 'user' },
  deletePodcastPlaylist: { method: 'DELETE', path: '/api/podcast/playlists/:playlistId', auth: 'user' },
  addToPodcastPlaylist: { method: 'POST', path: '/api/podcast/playlists/:playlistId/episodes', auth: 'user' },
  savePodcastPosition: { method: 'PUT', path: '/api/podcast/positions/:episodeId', auth: 'user' },
  podcastHistory: { method: 'GET', path: '/api/podcast/history', auth: 'user' },
  // --- Live table reads (issue 20) ---
  /** text/event-stream of LiveEvent for the session's participants (docs/live.md). */
  liveSession: { method: 'GET', path: '/api/sessions/:sessionId/live', auth: 'user' },
  /** What my live connection is doing (recording a line, or nothing). */
  livePresence: { method: 'PUT', path: '/api/sessions/:sessionId/live/presence', auth: 'user' },
  // --- Conversations (issue 21): direct messages as threads ---
  /** My threads, newest first, with unread counts. */
  conversations: { method: 'GET', path: '/api/conversations', auth: 'user' },
  /** One thread with another member, oldest first (side-effect free; reading is marked apart). */
  conversation: { method: 'GET', path: '/api/conversations/:userId', auth: 'user' },
  /** Marks their messages up to `upTo` read. */
  markConversationRead: { method: 'PUT', path: '/api/conversations/:userId/read', auth: 'user' },
  // --- The finished read (issues 16 part 6, 20 part 7): one renderer for download and episode ---
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
  // --- The first hour (issue 21) ---
  /** A share link's title, inviter and role, for the logged-out /s/{linkId} page; 404 when revoked or unknown. */
  shareLinkPreview: { method: 'GET', path: '/api/sharelinks/:linkId/preview', auth: 'public' },
  /** The front door's demo scenes, each with its featured finished read (or null). */
  showcase: { method: 'GET', path: '/api/showcase', auth: 'public' },
  /** A free handle made from my email, for the first-run step. */
  handleSuggestion: { method: 'GET', path: '/api/users/me/handle-suggestion', auth: 'user' },
} as const satisfies Record<keyof EndpointSchemas, EndpointMeta>;

export type EndpointName = keyof typeof table;

/** One call: its description and, in its type only, its params, query, body and answer. */
export type Endpoint<N extends EndpointName = EndpointName> = (typeof table)[N] & { readonly name: N };

/** The table, each entry carrying its own name (so a call can name its endpoint). */
export const endpoints = Object.fromEntries(Object.entries(table).map(([name, meta]) => [name, { ...meta, name }])) as {
  readonly [N in EndpointName]: Endpoint<N>;
};

export const endpointNames = Object.keys(table) as EndpointName[];

// --- Types derived from the schemas (type-only: nothing of TypeBox reaches the web bundle) ---

type Part<N extends EndpointName, K extends string> = EndpointSchemas[N] extends { readonly [P in K]: infer S extends TSchema } ? Static<S> : undefined;

export type EndpointParams<N extends EndpointName> = Part<N, 'params'>;
export type EndpointQuery<N extends EndpointName> = Part<N, 'querystring'>;
export type EndpointBody<N extends EndpointName> = Part<N, 'body'>;

type Responses<N extends EndpointName> = EndpointSchemas[N]['response'];
export type EndpointStatus<N extends EndpointName> = keyof Responses<N> & number;
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;

/** The answer of one status: no body (undefined) for 204 and 304. */
export type EndpointAnswerOf<N extends EndpointName, S extends EndpointStatus<N>> = S extends 204 | 304
  ? undefined
  : Responses<N>[S] extends infer T extends TSchema
    ? Static<T>
    : never;

/** What a successful call answers (the union over its 2xx statuses). */
export type EndpointAnswer<N extends EndpointName> = {
  [S in EndpointStatus<N>]: S extends SuccessStatus ? EndpointAnswerOf<N, S> : never;
}[EndpointStatus<N>];

/** `:name` segments of a path template. */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

/** The path of one call: each `:name` segment replaced by its value, URL-encoded. */
export function pathFor<N extends EndpointName>(endpoint: Endpoint<N>, ...[params]: PathArgs<N>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return endpoint.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = values[segment.slice(1)];
      if (value === undefined || value === null || value === '') throw new Error(`${endpoint.name}: the path parameter "${segment.slice(1)}" is missing.`);
      return encodeURIComponent(String(value));
    })
    .join('/');
}

export type PathArgs<N extends EndpointName> = EndpointParams<N> extends undefined ? [params?: undefined] : [params: EndpointParams<N>];
