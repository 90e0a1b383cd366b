import Type from 'typebox';
import { IdParam, Person } from './common';

/**
 * Live table reads: the live channel's two calls and the events it carries.
 * GET /api/sessions/{id}/live answers `text/event-stream`; each event's `data` is one
 * `LiveEvent` as JSON (docs/live.md).
 */

export const LiveParams = Type.Object({ sessionId: IdParam });
export const LiveStream = Type.String({ description: 'text/event-stream: one LiveEvent per event, as JSON in its data field.' });

/** PUT /api/sessions/{id}/live/presence: what my connection is doing now. */
export const LivePresenceBody = Type.Object({
  connectionId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  recordingLineId: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()]),
});
export type LivePresenceBody = Type.Static<typeof LivePresenceBody>;

/** In the owner's messages about a live read (read_joined, read_recorded). */
export const LiveReadNote = Type.Object({
  sessionId: Type.String(),
  scriptTitle: Type.String(),
  role: Type.Union([Type.String(), Type.Null()]),
  /** read_recorded: how many lines this person recorded in the burst. */
  lines: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type LiveReadNote = Type.Static<typeof LiveReadNote>;

/** One person here now (several tabs of one person are one entry). */
export interface LivePerson {
  user: Person;
  role: string | null;
  /** The line this person is recording now, or null. */
  recordingLineId: string | null;
}

export type LiveChange = 'takes' | 'roles' | 'script';

export type LiveEvent =
  /** First event of every stream: my connection's id (for presence calls). */
  | { type: 'hello'; connectionId: string }
  /** Everyone here now; sent on every change and refreshed every heartbeat. */
  | { type: 'presence'; people: LivePerson[] }
  /** Something in the session changed: ask for the session again. */
  | { type: 'changed'; what: LiveChange; by: string | null; lineId: string | null }
  /** For the owner: someone joined or recorded (the same sentence as their message). */
  | { type: 'notice'; kind: 'joined' | 'recorded'; text: string; by: string }
  /**
   * The server ended this stream for good: the link I joined with was revoked, or a newer stream
   * took its place (too many open of mine, or of the read's). It must not reconnect.
   */
  | { type: 'revoked'; message: string }
  /** The server ends the stream (its time is up, or it shuts down): reconnect at once. */
  | { type: 'reconnect' };
