import Type from 'typebox';
import { IdParam, Person } from './common';
import { AUDITION_LIMITS as L } from './casting-values';
import { CastingCall } from './casting';

/**
 * Auditions for a casting call's roles, their review and casting.
 *
 * Recording (the auditioner; a member who may see the open call and does not own it):
 * 1. startCastingAudition creates my draft for the role (or answers the draft I have; 409 when
 *    I have already sent one).
 * 2. uploadAuditionTake records one side line: multipart exactly as a table read's take
 *    (text fields lineId, clientId, durationMs, then the file "audio"; the same size limit and
 *    types, recognised from the bytes). Recording a line again replaces its take. A recording is
 *    stored once per clientId: the same upload again (a retry after a lost answer, from the
 *    browser's take outbox) answers 200 and the take it made, even once the audition was sent. Or
 *    uploadAuditionFile stores one file for the whole audition (file "audio", optional text
 *    field durationMs before it). The last chosen wins: a whole file drops the line takes and a
 *    line take drops the whole file.
 * 3. sendCastingAudition sends it once every side has a take, or the whole file is there.
 * withdrawCastingAudition removes my draft at any time, or my sent audition until the deadline:
 * it is gone for the owner and its recordings are deleted. I may audition for the role again.
 *
 * Audio addresses: every `audioUrl` of an audition is a signed, expiring link
 * (castingAuditionAudio) handed only to the auditioner and the call's owner. A cue's `audioUrl`
 * is the call owner's own recorded take of that line in a table read of the script
 * (/api/audio/{id}), or null: the page then speaks the line itself (eSpeak NG / browser voice).
 * Times are ISO-8601 UTC.
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const CastingRoleParams = Type.Object({ roleId: IdParam });
export type CastingRoleParams = Type.Static<typeof CastingRoleParams>;
export const CastingAuditionParams = Type.Object({ auditionId: IdParam });
export type CastingAuditionParams = Type.Static<typeof CastingAuditionParams>;
export const CastingAuditionTakeParams = Type.Object({ auditionId: IdParam, lineId: IdParam });
export type CastingAuditionTakeParams = Type.Static<typeof CastingAuditionTakeParams>;
/** `part`: a side's line id, or AUDITION_WHOLE_PART for the whole-audition file. */
export const CastingAuditionAudioParams = Type.Object({ auditionId: IdParam, part: IdParam });
export type CastingAuditionAudioParams = Type.Static<typeof CastingAuditionAudioParams>;

/** The text field of the whole-audition upload (multipart, before the file field "audio"). */
export const AuditionFileFields = Type.Object({
  durationMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 3_600_000 })),
});
export type AuditionFileFields = Type.Static<typeof AuditionFileFields>;

export const CastingAuditionTake = Type.Object({
  lineId: Type.String(),
  /** Signed, expiring link to the recording. */
  audioUrl: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer({ minimum: 0 }),
  durationMs: Nullable(Type.Integer({ minimum: 0 })),
  createdAt: Type.String(),
});
export type CastingAuditionTake = Type.Static<typeof CastingAuditionTake>;

const AuditionFile = Type.Object({
  audioUrl: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer({ minimum: 0 }),
  durationMs: Nullable(Type.Integer({ minimum: 0 })),
});

/** The call owner's own marks on a sent audition (never shown to the auditioner). */
const AuditionReview = Type.Object({
  note: Type.String(),
  shortlisted: Type.Boolean(),
  rating: Nullable(Type.Integer({ minimum: 1, maximum: 5 })),
});

export const CastingAudition = Type.Object({
  id: Type.String(),
  callId: Type.String(),
  roleId: Type.String(),
  roleName: Type.String(),
  auditioner: Person,
  status: Type.Union([Type.Literal('draft'), Type.Literal('sent')]),
  sentAt: Nullable(Type.String()),
  /** One per recorded side line, in the sides' order. */
  takes: Type.Array(CastingAuditionTake),
  /** The one file for the whole audition, when it was uploaded instead of line takes. */
  wholeFile: Nullable(AuditionFile),
  /** The owner's note, star and rating: for the call's owner only (null for the auditioner). */
  review: Nullable(AuditionReview),
  /** This audition won the role. */
  cast: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type CastingAudition = Type.Static<typeof CastingAudition>;

export const CastingAuditionList = Type.Object({ items: Type.Array(CastingAudition) });
export type CastingAuditionList = Type.Static<typeof CastingAuditionList>;

/** The owner's review of one audition: any of the three (null rating clears it). */
export const CastingAuditionReview = Type.Object({
  note: Type.Optional(Type.String({ maxLength: L.note })),
  shortlisted: Type.Optional(Type.Boolean()),
  rating: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 5 }))),
});
export type CastingAuditionReview = Type.Static<typeof CastingAuditionReview>;

/** A script line as the audition and scene pages play it. */
const CueLine = Type.Object({
  lineId: Type.String(),
  roleName: Type.String(),
  parenthetical: Nullable(Type.String()),
  text: Type.String(),
  /** The call owner's recorded take of this line (/api/audio/{id}), or null: speak it in the browser. */
  audioUrl: Nullable(Type.String()),
});

const SideWithCues = Type.Object({
  lineId: Type.String(),
  parenthetical: Nullable(Type.String()),
  text: Type.String(),
  /**
   * The other parts' lines just before this side in script order (at most
   * AUDITION_LIMITS.cuesPerSide, stopping at the role's own previous line), oldest first.
   */
  cues: Type.Array(CueLine),
});

/** GET cues: the role's sides, each with the cue lines before it. */
export const CastingRoleCues = Type.Object({
  callId: Type.String(),
  roleId: Type.String(),
  roleName: Type.String(),
  scriptTitle: Type.String(),
  sides: Type.Array(SideWithCues),
});
export type CastingRoleCues = Type.Static<typeof CastingRoleCues>;

/** "Scene with this cast": comma-separated audition ids, one per role at most. */
export const CastingSceneQuery = Type.Object({
  auditions: Type.String({ minLength: 1, maxLength: 2000, pattern: '^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$' }),
});
export type CastingSceneQuery = Type.Static<typeof CastingSceneQuery>;

const SceneLine = Type.Object({
  ...CueLine.properties,
  /** The chosen audition that speaks this line (a side of its role), or null for a cue line. */
  auditionId: Nullable(Type.String()),
  /**
   * `audition`: audioUrl is the audition's take; `owner`: the owner's take; `none`: no recording
   * of this line (speak it; a whole-file audition's sides are `none`: play its wholeFile).
   */
  source: Type.Union([Type.Literal('audition'), Type.Literal('owner'), Type.Literal('none')]),
});

/** The chosen roles' sides with their cue lines, merged in script order. */
export const CastingScene = Type.Object({
  callId: Type.String(),
  lines: Type.Array(SceneLine),
  /** The chosen auditions (with their whole files, if any), in the order asked. */
  auditions: Type.Array(CastingAudition),
});
export type CastingScene = Type.Static<typeof CastingScene>;

export const CastRoleInput = Type.Object({
  auditionId: IdParam,
  /** Send the other auditioners of the role one "the role was cast" message each (default true). */
  notifyOthers: Type.Optional(Type.Boolean()),
});
export type CastRoleInput = Type.Static<typeof CastRoleInput>;

/** The call as it stands after casting, and the table read created for the cast member. */
export const CastRoleResult = Type.Object({
  call: CastingCall,
  /** The reading session of the script, the cast member invited with the role claimed for them. */
  sessionId: Type.String(),
  /** The cast member's message (type casting_cast in their Messages), which links to the session. */
  messageId: Type.String(),
});
export type CastRoleResult = Type.Static<typeof CastRoleResult>;

export const CastingReportInput = Type.Object({ reason: Type.Optional(Type.String({ maxLength: L.reportReason })) });
export type CastingReportInput = Type.Static<typeof CastingReportInput>;

export const CastingHiddenInput = Type.Object({ hidden: Type.Boolean() });
export type CastingHiddenInput = Type.Static<typeof CastingHiddenInput>;

const ReportedCall = Type.Object({
  callId: Type.String(),
  scriptTitle: Type.String(),
  owner: Person,
  reports: Type.Integer({ minimum: 1 }),
  /** The newest reason given (may be empty). */
  lastReason: Type.String(),
  lastReportedAt: Type.String(),
  hidden: Type.Boolean(),
});
/** Staff: reported calls, most recently reported first. */
export const ReportedCastingCalls = Type.Object({ items: Type.Array(ReportedCall) });
export type ReportedCastingCalls = Type.Static<typeof ReportedCastingCalls>;

export const CastingCreditParams = Type.Object({ userId: IdParam });
export type CastingCreditParams = Type.Static<typeof CastingCreditParams>;

const CastingCredit = Type.Object({
  callId: Type.String(),
  scriptTitle: Type.String(),
  roleName: Type.String(),
  castAt: Type.String(),
});
/**
 * The roles a member was cast in, newest first. `shown` false (and no items) when the member
 * keeps them off their profile; the member themselves always sees theirs.
 */
export const CastingCredits = Type.Object({ shown: Type.Boolean(), items: Type.Array(CastingCredit) });
export type CastingCredits = Type.Static<typeof CastingCredits>;

/** My casting settings: whether my profile lists the roles I was cast in (on by default). */
export const CastingSettings = Type.Object({ showCredits: Type.Boolean() });
export type CastingSettings = Type.Static<typeof CastingSettings>;
