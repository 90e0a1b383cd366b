/**
 * Listening positions the player could not send (the network was down): kept per member and
 * episode, the last one wins, and sent once when the network returns. Pure rules here; the
 * sending is lib/api/playback.ts.
 */
export interface PendingPosition {
  userId: string;
  episodeId: string;
  positionMs: number;
  /** When the listener was there (ms since 1970): a later one replaces it. */
  at: number;
}

export type Outbox = PendingPosition[];

export const OUTBOX_KEY = 'vox-podcast-position-outbox';

const same = (a: Pick<PendingPosition, 'userId' | 'episodeId'>, b: Pick<PendingPosition, 'userId' | 'episodeId'>) => a.userId === b.userId && a.episodeId === b.episodeId;

/** Keeps a position; an older one for the same member and episode gives way (and a newer one stays). */
export function queuePosition(outbox: Outbox, next: PendingPosition): Outbox {
  const kept = outbox.find((p) => same(p, next));
  if (kept && kept.at > next.at) return outbox;
  return [...outbox.filter((p) => !same(p, next)), next];
}

/** What to send for a member. */
export const pendingFor = (outbox: Outbox, userId: string) => outbox.filter((p) => p.userId === userId);

/** Drops a position once sent (or refused), unless a newer one was queued meanwhile. */
export const settle = (outbox: Outbox, sent: PendingPosition) => outbox.filter((p) => !(same(p, sent) && p.at <= sent.at));

/** A position saved online: whatever older was waiting for that episode is out of date. */
export const supersede = (outbox: Outbox, userId: string, episodeId: string, at: number) => outbox.filter((p) => !(same(p, { userId, episodeId }) && p.at <= at));

export function parseOutbox(raw: string | null): Outbox {
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value)
      ? value.filter((p): p is PendingPosition => typeof p?.userId === 'string' && typeof p?.episodeId === 'string' && Number.isInteger(p?.positionMs) && typeof p?.at === 'number')
      : [];
  } catch {
    return [];
  }
}
