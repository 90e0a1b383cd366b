import Type from 'typebox';
import { IdParam } from './common';

/** Removing people from a reading session; idempotent script creation. */

export const ParticipantParams = Type.Object({ sessionId: IdParam, userId: IdParam });
export type ParticipantParams = Type.Static<typeof ParticipantParams>;

/** DELETE /api/sharelinks/{linkId}/joiners: how many people left the session with the link. */
export const LinkJoinersRemoved = Type.Object({ removed: Type.Integer({ minimum: 0 }) });
export type LinkJoinersRemoved = Type.Static<typeof LinkJoinersRemoved>;

/** The header POST /api/scripts reads; a retry with the same key and body makes no second script. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** How long a key is remembered. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600 * 1000;

export const HARDENING_MESSAGES = {
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters (letters, digits and punctuation, no spaces).',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different script. Use a new key for each new script.',
  idempotencyKeyInProgress: 'A request with this Idempotency-Key is still being handled. Try again in a moment.',
  onlyCreatorRemoves: 'Only the person who started this table read can remove people from it.',
  cannotRemoveSelf: 'You started this table read, so you cannot remove yourself from it.',
  notAParticipant: 'This person is not in this table read.',
  revokeLinkFirst: 'Revoke this link first: while it works, the people it let in could join again.',
} as const;
