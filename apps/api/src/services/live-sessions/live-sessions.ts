import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { LIVE_MESSAGES, LIVE_TIMING, SCRIPT_MESSAGES, type LiveEvent } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { ForbiddenError, NotFoundError } from '../../domain-errors';
import { memoryBus, postgresBus, redisBus, type BusMessage, type DraftBusMessage, type LiveBus } from '../../plugins/app/live-bus';
import { observeWrites } from './observe-writes';

declare module 'fastify' {
  interface FastifyInstance {
    liveSessions: LiveSessionsService;
  }
}

/** Where a stream's bytes go (the route gives the raw response). */
interface LiveSink {
  write(chunk: string): void;
  end(): void;
}

interface LiveSessionsService {
  /** Checks access (404 unless I take part, 403 when my link was revoked) and opens my stream. */
  connect(me: string, sessionId: string, sink: LiveSink): Promise<{ connectionId: string; close(): void }>;
  /** My connection records a line now (or stopped: null). */
  setRecording(me: string, sessionId: string, connectionId: string, lineId: string | null): Promise<void>;
  /** Co-writing's messages travel on the same bus (services/drafts/co-writing.ts). */
  publishDraft(message: DraftBusMessage): Promise<void>;
  onDraft(listener: (message: DraftBusMessage) => void): void;
  /** Which bus carries the events between instances (memory, postgres or redis). */
  readonly bus: LiveBus['name'];
  /** Open streams on this instance (tests, readiness). */
  readonly connections: number;
}

interface Connection {
  id: string;
  sessionId: string;
  userId: string;
  seq: number;
  sink: LiveSink;
  closed: boolean;
  timer: NodeJS.Timeout;
  /** Ends the stream (sending `last` first), forgets it and removes its presence. */
  close(last?: LiveEvent): void;
}

/**
 * Open streams on one instance: per member (all their tabs and reads) and per reading session
 * (all its readers). Every event of a session is written to each of its streams and each presence
 * change reads the list once per session, so one member opening streams without end (1,501 were
 * seen) slowed every role change of that read from 23 to 181 ms. A new stream past either cap
 * closes the oldest one of that member, or of that session, with a `revoked` event (the reader
 * says why and does not reconnect, so two tabs cannot push each other out in a loop).
 */
export const LIVE_STREAM_LIMITS = { perMember: 10, perSession: 200 } as const;

/** One event in text/event-stream framing. */
function sseFrame(id: number, event: LiveEvent): string {
  return `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Live table reads (docs/live.md): a server-sent event stream per reader and session.
 * Access is the session API's (participants only) plus one rule: a reader whose share link was
 * revoked is disconnected and refused. Events cross instances over a bus (Redis when REDIS_URL is
 * set, else PostgreSQL LISTEN/NOTIFY, else in-process on SQLite). The service observes the
 * reading-session and script writes (see `observeWrites` below) instead of each write calling it.
 */
async function liveSessions(app: FastifyInstance, { config }: { config: Config }) {
  const { liveRepository: live, sessionsRepository: sessions } = app;
  const local = new Map<string, Set<Connection>>();
  /** The same streams by member, oldest first (a Set keeps insertion order). */
  const byMember = new Map<string, Set<Connection>>();
  const presencePending = new Set<string>();

  const send = (conn: Connection, event: LiveEvent) => {
    if (conn.closed) return;
    conn.seq += 1;
    conn.sink.write(sseFrame(conn.seq, event));
  };

  const end = (conn: Connection, last?: LiveEvent) => {
    if (conn.closed) return;
    if (last) send(conn, last);
    conn.closed = true;
    clearTimeout(conn.timer);
    conn.sink.end();
  };

  /** Reads who is here from the database and sends it to this instance's readers of the session. */
  async function sendPresence(sessionId: string) {
    const conns = local.get(sessionId);
    if (!conns || conns.size === 0) return;
    const list = await live.listPresence(sessionId, LIVE_TIMING.presenceTtlMs);
    for (const conn of conns) send(conn, { type: 'presence', people: list });
  }

  const draftListeners: Array<(message: DraftBusMessage) => void> = [];

  function deliver(message: BusMessage) {
    if ('draftId' in message) {
      for (const listener of draftListeners) listener(message);
      return;
    }
    const conns = local.get(message.sessionId);
    if (!conns) return;
    switch (message.kind) {
      case 'event':
        for (const conn of conns) if (!message.userId || conn.userId === message.userId) send(conn, message.event);
        break;
      case 'presence':
        // Several changes in a moment make one read of the list.
        if (presencePending.has(message.sessionId)) return;
        presencePending.add(message.sessionId);
        setTimeout(() => {
          presencePending.delete(message.sessionId);
          sendPresence(message.sessionId).catch((err: unknown) => app.log.warn({ err }, 'live channel: presence not sent'));
        }, 30).unref();
        break;
      case 'revoke':
        for (const conn of [...conns]) if (message.userIds.includes(conn.userId)) end(conn, { type: 'revoked', message: message.message });
        break;
    }
  }

  const bus: LiveBus = config.redisUrl
    ? redisBus({ url: config.redisUrl, prefix: config.redisPrefix, deliver, log: app.log })
    : app.dbDialect === 'postgres' && config.databaseUrl
      ? postgresBus({ connectionString: config.databaseUrl, ns: config.pgSchema ?? 'public', deliver, log: app.log, notify: live.notifyChannel })
      : memoryBus(deliver);
  await bus.ready;

  const publish = (message: BusMessage) => bus.publish(message).catch((err: unknown) => app.log.warn({ err }, 'live channel: not published'));

  // The heartbeat: a comment keeps proxies from closing idle streams, presence rows stay fresh
  // and every reader gets the list again (so a crashed instance's readers drop out for everyone).
  const heartbeat = setInterval(() => {
    const ids: string[] = [];
    for (const conns of local.values()) for (const conn of conns) {
      ids.push(conn.id);
      if (!conn.closed) conn.sink.write(': ping\n\n');
    }
    live
      .touchPresence(ids, LIVE_TIMING.presenceTtlMs)
      .then(() => Promise.all([...local.keys()].map(sendPresence)))
      .catch((err: unknown) => app.log.warn({ err }, 'live channel: heartbeat failed'));
  }, LIVE_TIMING.heartbeatMs);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    // Open streams would keep the server from closing: each reader is told to reconnect (to
    // another instance, or to this one once it is back).
    const all = [...local.values()].flatMap((conns) => [...conns]);
    for (const conn of all) end(conn, { type: 'reconnect' });
    await Promise.all(all.map((conn) => live.removePresence(conn.id).catch(() => undefined)));
  });
  app.addHook('onClose', () => bus.close());

  function remember(map: Map<string, Set<Connection>>, key: string, conn: Connection) {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(conn);
  }
  function forget(map: Map<string, Set<Connection>>, key: string, conn: Connection) {
    const set = map.get(key);
    set?.delete(conn);
    if (set?.size === 0) map.delete(key);
  }
  /** Closes the oldest streams of `conns` until one more fits under `limit`. */
  function closeOldest(conns: Set<Connection> | undefined, limit: number, message: string) {
    if (!conns) return;
    for (const conn of [...conns]) {
      if (conns.size < limit) return;
      conn.close({ type: 'revoked', message });
    }
  }

  async function checkAccess(me: string, sessionId: string) {
    const seat = await sessions.findParticipation(sessionId, me);
    if (!seat) throw new NotFoundError(SCRIPT_MESSAGES.sessionNotFound);
    if (seat.createdBy !== me && (await live.admittedByRevokedLink(sessionId, me))) throw new ForbiddenError(LIVE_MESSAGES.linkRevoked);
    return seat;
  }

  app.decorate('liveSessions', {
    publishDraft: (message) => publish(message),
    onDraft: (listener) => void draftListeners.push(listener),
    get bus() {
      return bus.name;
    },
    get connections() {
      let n = 0;
      for (const conns of local.values()) n += conns.size;
      return n;
    },

    async connect(me, sessionId, sink) {
      await checkAccess(me, sessionId);
      // Room for this stream: the oldest of mine, then the oldest of the session's, go first.
      closeOldest(byMember.get(me), LIVE_STREAM_LIMITS.perMember, LIVE_MESSAGES.tooManyOfMine);
      closeOldest(local.get(sessionId), LIVE_STREAM_LIMITS.perSession, LIVE_MESSAGES.tooManyReaders);
      let gone = false;
      const conn: Connection = {
        id: randomUUID().replaceAll('-', ''),
        sessionId,
        userId: me,
        seq: 0,
        sink,
        closed: false,
        // Streams end after a while, so a reader's access and token are checked again on reconnect.
        timer: setTimeout(() => conn.close({ type: 'reconnect' }), LIVE_TIMING.maxStreamMs),
        close(last) {
          if (gone) return;
          gone = true;
          end(conn, last);
          forget(local, sessionId, conn);
          forget(byMember, me, conn);
          live
            .removePresence(conn.id)
            .then(() => publish({ kind: 'presence', sessionId }))
            .catch((err: unknown) => app.log.warn({ err }, 'live channel: presence not removed'));
        },
      };
      conn.timer.unref();
      remember(local, sessionId, conn);
      remember(byMember, me, conn);
      send(conn, { type: 'hello', connectionId: conn.id });
      await live.addPresence({ connectionId: conn.id, sessionId, userId: me });
      await publish({ kind: 'presence', sessionId });
      return { connectionId: conn.id, close: () => conn.close() };
    },

    async setRecording(me, sessionId, connectionId, lineId) {
      await checkAccess(me, sessionId);
      if (!(await live.setRecording({ connectionId, sessionId, userId: me, lineId }))) throw new NotFoundError(LIVE_MESSAGES.unknownConnection);
      await publish({ kind: 'presence', sessionId });
    },
  } satisfies LiveSessionsService);

  observeWrites(app, publish);
}

export default fp(liveSessions, {
  name: 'live-sessions',
  dependencies: ['database', 'live-repository', 'sessions-repository', 'people-repository', 'scripts-repository', 'share-links-repository', 'notifications-repository', 'reading-sessions', 'scripts'],
});
