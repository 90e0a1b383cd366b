import { sql } from 'kysely';
import type { LivePerson } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import { createNotification, getSeenMark } from './notifications';
import { peopleById, unknownPerson } from './people';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Live table reads: presence rows of open live connections, the link that let a
 * reader in, and the owner's grouped "recorded N lines" message (migration 130).
 */

async function addPresence(db: Db, row: { connectionId: string; sessionId: string; userId: string }): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('live_presence')
    .values({ connection_id: row.connectionId, session_id: row.sessionId, user_id: row.userId, recording_line_id: null, connected_at: now, seen_at: now })
    .execute();
}

async function removePresence(db: Db, connectionId: string): Promise<void> {
  await db.deleteFrom('live_presence').where('connection_id', '=', connectionId).execute();
}

/** Marks my connection as recording a line (or not); false when the connection is not mine or gone. */
async function setRecording(db: Db, { connectionId, sessionId, userId, lineId }: { connectionId: string; sessionId: string; userId: string; lineId: string | null }): Promise<boolean> {
  const result = await db
    .updateTable('live_presence')
    .set({ recording_line_id: lineId, seen_at: new Date().toISOString() })
    .where('connection_id', '=', connectionId)
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The heartbeat: these connections are still open. Also forgets rows long dead (a crashed instance's). */
async function touchPresence(db: Db, connectionIds: readonly string[], ttlMs: number): Promise<void> {
  const now = Date.now();
  if (connectionIds.length > 0) {
    await db.updateTable('live_presence').set({ seen_at: new Date(now).toISOString() }).where('connection_id', 'in', connectionIds).execute();
  }
  await db.deleteFrom('live_presence').where('seen_at', '<', new Date(now - 10 * ttlMs).toISOString()).execute();
}

/**
 * Who is here now: participants with a live connection refreshed within `ttlMs`, one entry per
 * person (several tabs are one), in the order they arrived; recording wins over not recording.
 */
async function listPresence(db: Db, sessionId: string, ttlMs: number): Promise<LivePerson[]> {
  const rows = await db
    .selectFrom('live_presence as l')
    .innerJoin('session_participants as p', (join) => join.onRef('p.session_id', '=', 'l.session_id').onRef('p.user_id', '=', 'l.user_id'))
    .select(['l.user_id', 'l.recording_line_id', 'l.connected_at', 'p.role_name'])
    .where('l.session_id', '=', sessionId)
    .where('l.seen_at', '>', new Date(Date.now() - ttlMs).toISOString())
    .orderBy('l.connected_at')
    .orderBy('l.connection_id')
    .execute();
  const byUser = new Map<string, { role: string | null; recordingLineId: string | null }>();
  for (const row of rows) {
    const seen = byUser.get(row.user_id);
    if (!seen) byUser.set(row.user_id, { role: row.role_name, recordingLineId: row.recording_line_id });
    else if (!seen.recordingLineId && row.recording_line_id) seen.recordingLineId = row.recording_line_id;
  }
  const people = await peopleById(db, [...byUser.keys()]);
  return [...byUser].map(([userId, p]) => ({ user: people.get(userId) ?? unknownPerson(userId), role: p.role, recordingLineId: p.recordingLineId }));
}

/** Remembers the link that first let `userId` into the session (a later link changes nothing). */
async function recordAdmission(db: Db, { sessionId, userId, linkId }: { sessionId: string; userId: string; linkId: string }): Promise<void> {
  await db
    .insertInto('live_link_admissions')
    .values({ session_id: sessionId, user_id: userId, link_id: linkId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['session_id', 'user_id']).doNothing())
    .execute();
}

/** True when the link that let this reader in has been revoked. */
async function admittedByRevokedLink(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('live_link_admissions as a')
    .innerJoin('share_links as l', 'l.id', 'a.link_id')
    .select('l.revoked_at')
    .where('a.session_id', '=', sessionId)
    .where('a.user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.revoked_at);
}

/** The readers a link let in, with their session (what revoking it disconnects). */
async function admittedBy(db: Db, linkId: string): Promise<{ sessionId: string; userIds: string[] } | undefined> {
  const rows = await db.selectFrom('live_link_admissions').select(['session_id', 'user_id']).where('link_id', '=', linkId).execute();
  if (rows.length === 0) return undefined;
  return { sessionId: rows[0].session_id, userIds: rows.map((r) => r.user_id) };
}

/** A session's owner (its creator) and script. */
async function findSessionOwner(db: Db, sessionId: string) {
  return db.selectFrom('reading_sessions').select(['id', 'script_id', 'created_by']).where('id', '=', sessionId).executeTakeFirst();
}

/** Every session of a script (an edit of its lines changes each of them). */
async function sessionIdsOfScript(db: Db, scriptId: string): Promise<string[]> {
  const rows = await db.selectFrom('reading_sessions').select('id').where('script_id', '=', scriptId).execute();
  return rows.map((r) => r.id);
}

interface RecordedBurst {
  ownerId: string;
  sessionId: string;
  userId: string;
  lineId: string;
  /** Builds the payload of the owner's message from the lines recorded so far in the burst. */
  payload(lines: number): Record<string, unknown>;
  burstMs: number;
}

/**
 * "Grace recorded 4 lines": one message per person and burst. A take recorded within `burstMs`
 * of that person's previous one, while the owner has not yet seen the message, updates it (the
 * line count grows); otherwise a new message starts a new burst. Answers how many lines the
 * burst holds now. One transaction, so two takes arriving together count both.
 */
async function addToBurst(db: Db, burst: RecordedBurst): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const current = await trx
      .selectFrom('live_bursts')
      .selectAll()
      .where('session_id', '=', burst.sessionId)
      .where('user_id', '=', burst.userId)
      .executeTakeFirst();
    const seen = await getSeenMark(trx, burst.ownerId);
    const message = current
      ? await trx.selectFrom('notifications').select('id').where('id', '=', current.notification_id).where('user_id', '=', burst.ownerId).executeTakeFirst()
      : undefined;
    const continues =
      current !== undefined &&
      message !== undefined &&
      Date.parse(current.updated_at) > now.getTime() - burst.burstMs &&
      (seen === null || current.notification_id > seen);
    const lineIds: string[] = continues ? (JSON.parse(current.line_ids) as string[]) : [];
    if (!lineIds.includes(burst.lineId)) lineIds.push(burst.lineId);
    const payload = JSON.stringify(burst.payload(lineIds.length));
    let notificationId: string;
    if (continues) {
      notificationId = current.notification_id;
      await trx.updateTable('notifications').set({ payload }).where('id', '=', notificationId).execute();
    } else {
      notificationId = await createNotification(trx, { userId: burst.ownerId, type: 'read_recorded', payload: burst.payload(lineIds.length) });
    }
    await trx
      .insertInto('live_bursts')
      .values({ session_id: burst.sessionId, user_id: burst.userId, notification_id: notificationId, line_ids: JSON.stringify(lineIds), updated_at: now.toISOString() })
      .onConflict((oc) =>
        oc.columns(['session_id', 'user_id']).doUpdateSet({ notification_id: notificationId, line_ids: JSON.stringify(lineIds), updated_at: now.toISOString() }),
      )
      .execute();
    return lineIds.length;
  });
}

/** PostgreSQL only: NOTIFY on a channel (delivered to every LISTENing instance at commit). */
async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}

declare module 'fastify' {
  interface FastifyInstance {
    liveRepository: LiveRepository;
  }
}

const queries = {
  addPresence,
  removePresence,
  setRecording,
  touchPresence,
  listPresence,
  recordAdmission,
  admittedByRevokedLink,
  admittedBy,
  sessionIdsOfScript,
  findSessionOwner,
  addToBurst,
  notifyChannel,
};
type LiveRepository = Repository<typeof queries>;

export default repositoryPlugin('liveRepository', 'live-repository', queries);
