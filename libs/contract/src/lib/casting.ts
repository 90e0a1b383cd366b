import Type from 'typebox';
import { IdParam, PageQuery, Paged, Person } from './common';
import { CASTING_LIMITS as L } from './casting-values';

/**
 * Casting calls: a member posts the roles of one of their scripts to cast, each with a
 * description, voice notes and its audition sides (lines of that role); others find open calls on
 * the board. Times are ISO-8601 UTC. A call is open until its deadline passes, its owner closes
 * it, or every role is cast.
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Visibility = Type.Union([Type.Literal('public'), Type.Literal('friends'), Type.Literal('link')]);

export const CastingCallParams = Type.Object({ callId: IdParam });
export type CastingCallParams = Type.Static<typeof CastingCallParams>;
export const CastingLinkParams = Type.Object({ linkId: IdParam });
export type CastingLinkParams = Type.Static<typeof CastingLinkParams>;

export const CastingRoleInput = Type.Object({
  /** The script role's name. */
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: L.description })),
  /** Free text: age, accent, style. */
  voiceNotes: Type.Optional(Type.String({ maxLength: L.voiceNotes })),
  /** Line ids of this role's lines; omitted: the role's first few dialogue lines. */
  sides: Type.Optional(Type.Array(IdParam, { minItems: 1, maxItems: L.sides })),
});
export type CastingRoleInput = Type.Static<typeof CastingRoleInput>;

export const CastingCallInput = Type.Object({
  scriptId: IdParam,
  roles: Type.Array(CastingRoleInput, { maxItems: L.roles }),
  deadline: Type.String({ format: 'date-time' }),
  paid: Type.Boolean(),
  payNote: Type.Optional(Type.String({ maxLength: L.payNote })),
  visibility: Visibility,
});
export type CastingCallInput = Type.Static<typeof CastingCallInput>;

/** Only what changes; `roles` replaces the whole set (a role kept by name keeps its casting). */
export const CastingCallUpdate = Type.Object({
  roles: Type.Optional(Type.Array(CastingRoleInput, { maxItems: L.roles })),
  deadline: Type.Optional(Type.String({ format: 'date-time' })),
  paid: Type.Optional(Type.Boolean()),
  payNote: Type.Optional(Type.String({ maxLength: L.payNote })),
  visibility: Type.Optional(Visibility),
});
export type CastingCallUpdate = Type.Static<typeof CastingCallUpdate>;

const CastingSide = Type.Object({
  lineId: Type.String(),
  parenthetical: Nullable(Type.String()),
  text: Type.String(),
});
type CastingSide = Type.Static<typeof CastingSide>;

const CastingRole = Type.Object({
  /** The role's id in this call (auditions, cues and casting name it). */
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  voiceNotes: Type.String(),
  /** In script order. */
  sides: Type.Array(CastingSide),
  /** Who was cast, once the owner has chosen. */
  castMember: Nullable(Person),
  castAt: Nullable(Type.String()),
  /** Sent auditions for the role: for the call's owner only (null for everyone else). */
  auditionCount: Nullable(Type.Integer({ minimum: 0 })),
});
type CastingRole = Type.Static<typeof CastingRole>;

export const CastingCall = Type.Object({
  id: Type.String(),
  owner: Person,
  script: Type.Object({ id: Type.String(), title: Type.String(), synopsis: Type.String(), genre: Type.String(), language: Type.String() }),
  roles: Type.Array(CastingRole),
  deadline: Type.String(),
  paid: Type.Boolean(),
  payNote: Type.String(),
  visibility: Visibility,
  /** The link-only address's id: shown to the owner only (null for everyone else). */
  linkId: Nullable(Type.String()),
  /** Closed once the deadline has passed, whatever was stored. */
  status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
  closedAt: Nullable(Type.String()),
  mine: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type CastingCall = Type.Static<typeof CastingCall>;

export const CastingBoardQuery = Type.Object({
  /** Full text: the script's title and synopsis, the roles' names, descriptions and voice notes. */
  q: Type.Optional(Type.String({ maxLength: L.searchQuery })),
  /** Text in a role's voice notes (e.g. "Scottish"). */
  voice: Type.Optional(Type.String({ maxLength: L.voiceNotes })),
  paid: Type.Optional(Type.Boolean()),
  /** The script's language (e.g. en). */
  language: Type.Optional(Type.String({ maxLength: L.language })),
  /** Only calls whose deadline is within CASTING_LIMITS.closingSoonDays. */
  closingSoon: Type.Optional(Type.Boolean()),
  page: PageQuery.properties.page,
});
export type CastingBoardQuery = Type.Static<typeof CastingBoardQuery>;

export const MyCastingCallsQuery = Type.Object({ page: PageQuery.properties.page });
export type MyCastingCallsQuery = Type.Static<typeof MyCastingCallsQuery>;

export const CastingCallList = Paged(CastingCall);
export type CastingCallList = Type.Static<typeof CastingCallList>;

/** How many open calls the caller has and may have, so a page can show the limit before it is hit. */
export const CastingLimits = Type.Object({ open: Type.Integer({ minimum: 0 }), max: Type.Integer({ minimum: 1 }) });
export type CastingLimits = Type.Static<typeof CastingLimits>;
