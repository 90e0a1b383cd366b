/**
 * Plain values of the scripts and reading-session area (issue 5): limits, kinds, texts and the
 * API paths. No TypeBox here (the web imports this); the schemas are in ./scripts.ts.
 */

/** What a line of a script is. Dialogue lines belong to a role; the others are narration. */
export const LINE_KINDS = ['scene', 'action', 'dialogue', 'transition'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const SCRIPT_LIMITS = {
  title: 200,
  synopsis: 4000,
  genre: 60,
  language: 35,
  roleName: 60,
  roleDescription: 500,
  roles: 100,
  lineText: 4000,
  parenthetical: 200,
  lines: 5000,
  searchQuery: 200,
} as const;

export const SCRIPTS_PAGE_SIZE = 20;
export const SCRIPTS_MAX_PAGE_SIZE = 100;

/** Which scripts GET /api/scripts lists: all I may read, mine, my friends', public, or free. */
export const SCRIPT_SCOPES = ['all', 'mine', 'friends', 'public', 'free'] as const;
export type ScriptScope = (typeof SCRIPT_SCOPES)[number];

/** Recorded takes: at most 20 MB, and only these types, recognised from the bytes. */
export const AUDIO_MAX_BYTES = 20 * 1024 * 1024;
export const AUDIO_CONTENT_TYPES = ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/wav', 'audio/mp4'] as const;
export type AudioContentType = (typeof AUDIO_CONTENT_TYPES)[number];
/** An audio id is the SHA-256 (lower-case hex) of the stored bytes: content-addressed. */
export const AUDIO_ID_PATTERN = '^[0-9a-f]{64}$';
/** Cover pictures: at most 10 MB uploaded; stored as WebP that fits in 1200 x 1200 pixels. */
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
export const COVER_MAX_SIZE = 1200;
/** The browser's id for a take, made before the upload, so a retried upload lands once. */
export const TAKE_CLIENT_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';

/** The server's texts for the scripts area (the UI shows `message` as the server's text). */
export const SCRIPT_MESSAGES = {
  notOwner: 'Only the owner of this script can change it.',
  titleRequired: 'Give the script a title.',
  duplicateRole: 'Two roles have the same name. Give each role its own name.',
  unknownLineRole: 'A line names a role that is not in the script.',
  dialogueNeedsRole: 'A dialogue line needs a role.',
  freeNeedsPrivilege: 'Free scripts are part of a membership that includes them.',
  sessionNotFound: 'This reading session was not found.',
  roleTaken: 'Someone else is already reading this role.',
  unknownRole: 'This script has no such role.',
  lineNotFound: 'This line is not in the script.',
  notYourLine: 'Claim the role of this line before you record it.',
  takeNotFound: 'This take was not found.',
  notYourTake: 'Only the reader who recorded a take can change it.',
  audioMissing: 'Attach the recording as the file field "audio".',
  audioTooLarge: 'This recording is larger than 20 MB.',
  audioUnsupported: 'This file is not a supported recording. Upload WebM, Ogg, MP3, WAV or M4A audio.',
  audioNotFound: 'This recording was not found.',
  shareLinkNotFound: 'This share link was not found.',
  notLinkOwner: 'Only the person who made this link can revoke it.',
  inviteNotFriend: 'You can invite only your friends.',
  coverUnsupported: 'The cover must be a PNG, JPEG, GIF or WebP picture.',
  coverMissing: 'Attach the picture as the file field "cover".',
  coverTooLarge: 'The cover picture is larger than 10 MB.',
  roleNameRequired: 'Give every role a name.',
  rangeNotSatisfiable: 'The requested range is outside this recording.',
  uploadUnreadable: 'The upload could not be read. Please try again.',
} as const;

const seg = encodeURIComponent;

/** The scripts area's API paths beyond the seed's section 7 (REST style, under /api). */
export const scriptApiPaths = {
  /** GET (list: q, scope, owner, page, pageSize) -> ScriptList; POST ScriptInput (create) -> 201 Script. */
  scripts: '/api/scripts',
  /** GET -> Script, PUT ScriptInput (whole script, owner) -> Script, DELETE (owner) -> 204. */
  script: (scriptId: string) => `/api/scripts/${seg(scriptId)}`,
  /** POST multipart, file field "cover" (owner) -> Script; DELETE removes the cover (owner) -> Script. */
  scriptCover: (scriptId: string) => `/api/scripts/${seg(scriptId)}/cover`,
  /** GET -> SessionDetail: the session with script, participants and takes (participants only). */
  session: (sessionId: string) => `/api/sessions/${seg(sessionId)}`,
  /** PUT ClaimRoleBody { role }: claim a role (or null to give it up) -> Participant (my seat). */
  sessionRole: (sessionId: string) => `/api/sessions/${seg(sessionId)}/role`,
  /** POST multipart: fields lineId, clientId, durationMs, then file field "audio" -> 201 Take (200 Take when that clientId arrived before). */
  sessionTakes: (sessionId: string) => `/api/sessions/${seg(sessionId)}/takes`,
  /** DELETE (own take) -> 204. */
  sessionTake: (sessionId: string, takeId: string) => `/api/sessions/${seg(sessionId)}/takes/${seg(takeId)}`,
  /** PUT (no body): make this take the line's pick for playback (own take) -> Take. */
  sessionTakePick: (sessionId: string, takeId: string) => `/api/sessions/${seg(sessionId)}/takes/${seg(takeId)}/pick`,
  /** GET -> ShareLinkList (newest first, revoked ones included) and POST ShareLinkInput { role } -> 201 ShareLink; participants. */
  sessionShareLinks: (sessionId: string) => `/api/sessions/${seg(sessionId)}/sharelinks`,
  /** POST InvitationInput { userId, role }: invite a friend (a share link plus a session_invite message) -> 201 ShareLink. */
  sessionInvitations: (sessionId: string) => `/api/sessions/${seg(sessionId)}/invitations`,
  /** DELETE: revoke (the link's creator or the session's creator) -> 204. */
  shareLink: (linkId: string) => `/api/sharelinks/${seg(linkId)}`,
  /** GET: the recording's bytes, HTTP range requests, long cache (the id is the content hash). */
  audio: (audioId: string) => `/api/audio/${seg(audioId)}`,
  /** GET (page, pageSize) -> HistoryList: my sessions, newest activity first, with progress. */
  history: '/api/history',
} as const;
