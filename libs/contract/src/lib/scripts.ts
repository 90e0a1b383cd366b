import Type from 'typebox';
import { IdParam, PageQuery, Paged, Person } from './common';
import { AUDIO_ID_PATTERN, SCRIPT_LIMITS as L, TAKE_CLIENT_ID_PATTERN } from './scripts-values';

/**
 * Scripts, reading sessions, takes, share links and history: the schemas both the
 * API (validation, OpenAPI) and the web client (types) use. Values live in ./scripts-values.ts.
 */

// Spelled out so TypeScript sees each literal (a mapped array would type as `never`); the
// contract spec checks they list exactly SCRIPT_VISIBILITIES, LINE_KINDS and SCRIPT_SCOPES.
export const ScriptVisibilitySchema = Type.Union([Type.Literal('private'), Type.Literal('friends'), Type.Literal('public')]);
export const LineKindSchema = Type.Union([Type.Literal('scene'), Type.Literal('action'), Type.Literal('dialogue'), Type.Literal('transition')]);
export const ScriptScopeSchema = Type.Union([
  Type.Literal('all'),
  Type.Literal('mine'),
  Type.Literal('friends'),
  Type.Literal('public'),
  Type.Literal('free'),
]);

/** A role of the script (a character to read). Names are unique within a script. */
export const ScriptRole = Type.Object({
  name: Type.String({ minLength: 1, maxLength: L.roleName }),
  description: Type.String({ maxLength: L.roleDescription }),
});
export type ScriptRole = Type.Static<typeof ScriptRole>;

/**
 * One line, in script order. `dialogue` lines name a role (and may carry a parenthetical such
 * as "(whispering)"); `scene` (heading), `action` and `transition` lines are narration and have
 * `role: null`. The id is the server's and stays with the line through edits, so takes stay
 * attached to it.
 */
export const ScriptLine = Type.Object({
  id: Type.String(),
  kind: LineKindSchema,
  role: Type.Union([Type.String({ maxLength: L.roleName }), Type.Null()]),
  parenthetical: Type.Union([Type.String({ maxLength: L.parenthetical }), Type.Null()]),
  text: Type.String({ maxLength: L.lineText }),
});
export type ScriptLine = Type.Static<typeof ScriptLine>;

/** A line as the editor sends it: without an id it is a new line; with one, an existing line. */
export const ScriptLineInput = Type.Object({
  id: Type.Optional(IdParam),
  kind: LineKindSchema,
  role: Type.Union([Type.String({ maxLength: L.roleName }), Type.Null()]),
  parenthetical: Type.Optional(Type.Union([Type.String({ maxLength: L.parenthetical }), Type.Null()])),
  text: Type.String({ maxLength: L.lineText }),
});
export type ScriptLineInput = Type.Static<typeof ScriptLineInput>;

/** POST /api/scripts and PUT /api/scripts/{id}: the whole script (lines in order). */
export const ScriptInput = Type.Object({
  title: Type.String({ maxLength: L.title }),
  synopsis: Type.String({ maxLength: L.synopsis }),
  genre: Type.String({ maxLength: L.genre }),
  language: Type.String({ maxLength: L.language }),
  visibility: ScriptVisibilitySchema,
  isFree: Type.Boolean(),
  roles: Type.Array(ScriptRole, { maxItems: L.roles }),
  lines: Type.Array(ScriptLineInput, { maxItems: L.lines }),
});
export type ScriptInput = Type.Static<typeof ScriptInput>;

const scriptHead = {
  id: Type.String(),
  title: Type.String(),
  synopsis: Type.String(),
  genre: Type.String(),
  language: Type.String(),
  /** Photo id of the cover (served from /api/users/photo/{photo}), or null. */
  cover: Type.Union([Type.String(), Type.Null()]),
  visibility: ScriptVisibilitySchema,
  isFree: Type.Boolean(),
  owner: Person,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};

export const Script = Type.Object({
  ...scriptHead,
  roles: Type.Array(ScriptRole),
  lines: Type.Array(ScriptLine),
  /**
   * Lines taken out of the script that have takes, kept so no recording is lost (the
   * reader lists their takes apart). Absent when there are none.
   */
  retiredLines: Type.Optional(Type.Array(ScriptLine)),
  /** True for the owner: the UI shows Edit and the server accepts PUT/DELETE. */
  canEdit: Type.Boolean(),
});
export type Script = Type.Static<typeof Script>;

/** A row of /scripts: the head of a script without its lines. */
export const ScriptSummary = Type.Object({
  ...scriptHead,
  roleCount: Type.Integer({ minimum: 0 }),
  lineCount: Type.Integer({ minimum: 0 }),
});
export type ScriptSummary = Type.Static<typeof ScriptSummary>;

export const ScriptListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: L.searchQuery })),
  scope: Type.Optional(ScriptScopeSchema),
  /** Only this user's scripts (what I may read of them): a profile's script list. */
  owner: Type.Optional(IdParam),
  ...PageQuery.properties,
});
export type ScriptListQuery = Type.Static<typeof ScriptListQuery>;
export const ScriptList = Paged(ScriptSummary);
export type ScriptList = Type.Static<typeof ScriptList>;

export const ScriptParams = Type.Object({ scriptId: IdParam });
export type ScriptParams = Type.Static<typeof ScriptParams>;
export const SessionParams = Type.Object({ sessionId: IdParam });
export type SessionParams = Type.Static<typeof SessionParams>;
export const TakeParams = Type.Object({ sessionId: IdParam, takeId: IdParam });
export type TakeParams = Type.Static<typeof TakeParams>;
export const LinkParams = Type.Object({ linkId: IdParam });
export type LinkParams = Type.Static<typeof LinkParams>;
export const AudioParams = Type.Object({ audioId: Type.String({ pattern: AUDIO_ID_PATTERN }) });
export type AudioParams = Type.Static<typeof AudioParams>;

/** A recorded take of one line. Several per line; at most one per line is the pick. */
export const Take = Type.Object({
  id: Type.String(),
  lineId: Type.String(),
  userId: Type.String(),
  /** The browser's id for this recording (see TAKE_CLIENT_ID_PATTERN). */
  clientId: Type.String(),
  /** Content hash; the bytes are at /api/audio/{audio}. */
  audio: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer({ minimum: 0 }),
  durationMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  picked: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  /**
   * Present when the line's text changed since this take was recorded: the text it
   * was recorded on (the reader marks the take "recorded on earlier text").
   */
  recordedOnText: Type.Optional(Type.String()),
});
export type Take = Type.Static<typeof Take>;

/** The text fields of the take upload (multipart, before the file field "audio"). */
export const TakeUploadFields = Type.Object({
  lineId: IdParam,
  clientId: Type.String({ pattern: TAKE_CLIENT_ID_PATTERN }),
  durationMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 3_600_000 })),
});
export type TakeUploadFields = Type.Static<typeof TakeUploadFields>;

export const Participant = Type.Object({
  user: Person,
  role: Type.Union([Type.String(), Type.Null()]),
  joinedAt: Type.String({ format: 'date-time' }),
});
export type Participant = Type.Static<typeof Participant>;

/** GET /api/sessions/{id}: everything the reader needs in one answer. */
export const SessionDetail = Type.Object({
  id: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  script: Script,
  participants: Type.Array(Participant),
  /** The caller's seat: the role they claimed, or null. */
  me: Type.Object({ userId: Type.String(), role: Type.Union([Type.String(), Type.Null()]) }),
  takes: Type.Array(Take),
});
export type SessionDetail = Type.Static<typeof SessionDetail>;

export const ClaimRoleBody = Type.Object({ role: Type.Union([Type.String({ minLength: 1, maxLength: L.roleName }), Type.Null()]) });
export type ClaimRoleBody = Type.Static<typeof ClaimRoleBody>;

export const ShareLink = Type.Object({
  id: Type.String(),
  sessionId: Type.String(),
  role: Type.Union([Type.String(), Type.Null()]),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The friend this link was made for by "Invite a friend"; absent or null on a plain link. */
  invitedUser: Type.Optional(Type.Union([Person, Type.Null()])),
});
export type ShareLink = Type.Static<typeof ShareLink>;
export const ShareLinkList = Type.Array(ShareLink);
export const ShareLinkInput = Type.Object({ role: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: L.roleName }), Type.Null()])) });
export type ShareLinkInput = Type.Static<typeof ShareLinkInput>;

/** POST /api/sessions/{id}/invitations: a friend gets a session_invite message with a link. */
export const InvitationInput = Type.Object({
  userId: IdParam,
  role: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: L.roleName }), Type.Null()])),
});
export type InvitationInput = Type.Static<typeof InvitationInput>;

/** A row of /history: a session I took part in, with my progress. */
export const HistoryEntry = Type.Object({
  sessionId: Type.String(),
  script: Type.Object({ id: Type.String(), title: Type.String(), cover: Type.Union([Type.String(), Type.Null()]) }),
  role: Type.Union([Type.String(), Type.Null()]),
  joinedAt: Type.String({ format: 'date-time' }),
  /** The newest of: my joining, any take recorded in the session. History sorts by this. */
  lastActivityAt: Type.String({ format: 'date-time' }),
  /** Lines of my role, and how many of them have at least one take of mine. */
  myLines: Type.Integer({ minimum: 0 }),
  recordedLines: Type.Integer({ minimum: 0 }),
  participantCount: Type.Integer({ minimum: 1 }),
});
export type HistoryEntry = Type.Static<typeof HistoryEntry>;
export const HistoryList = Paged(HistoryEntry);
export type HistoryList = Type.Static<typeof HistoryList>;
export const HistoryQuery = PageQuery;
