import { EventEmitter } from 'node:events';
import Redis from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '@vox/contract/schemas';
import { listenChannel } from '../../db/pg-listen';

/**
 * What one API instance tells every instance (itself included) about a live session. Small
 * on purpose (PostgreSQL NOTIFY takes at most 8000 bytes): presence travels as "changed", and
 * each instance reads the list from the database for its own connections.
 */
export type BusMessage =
  /** Deliver to the session's connections (only those of `userId` when set). */
  | { kind: 'event'; sessionId: string; event: LiveEvent; userId?: string }
  /** Someone arrived, left or started or stopped recording: send everyone the new list. */
  | { kind: 'presence'; sessionId: string }
  /** These readers' link was revoked: tell them and end their streams. */
  | { kind: 'revoke'; sessionId: string; userIds: string[]; message: string }
  | DraftBusMessage;

/**
 * Co-writing a draft (docs/drafts.md). A document change carries its bytes when they are small
 * (`data`, base64), else only its stored id, which each instance reads from the database.
 */
export type DraftBusMessage =
  | { kind: 'draft-update'; draftId: string; updateId: string; data?: string; from?: string }
  /** Someone's cursor moved: passed on to everyone in the draft but the connection `from`. */
  | { kind: 'draft-awareness'; draftId: string; data: string; from: string }
  /** These people's access ended (every one's when `userIds` is absent): their streams end. */
  | { kind: 'draft-revoke'; draftId: string; userIds?: string[]; message: string };

export interface LiveBus {
  readonly name: 'memory' | 'postgres' | 'redis';
  publish(message: BusMessage): Promise<void>;
  /** Resolves once messages are being heard. */
  ready: Promise<void>;
  close(): Promise<void>;
}

type Deliver = (message: BusMessage) => void;

/** One process: an EventEmitter (the SQLite default, where there is one instance). */
export function memoryBus(deliver: Deliver): LiveBus {
  const emitter = new EventEmitter();
  emitter.on('message', deliver);
  return {
    name: 'memory',
    ready: Promise.resolve(),
    async publish(message) {
      // Asynchronous like the others, so a publisher never runs its subscribers inside its own call.
      setImmediate(() => emitter.emit('message', message));
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub: one subscriber connection per instance on `<prefix>live`. ioredis reconnects
 * and re-subscribes by itself after a drop.
 */
export function redisBus({ url, prefix, deliver, log }: { url: string; prefix: string; deliver: Deliver; log: FastifyBaseLogger }): LiveBus {
  const channel = `${prefix}live`;
  const pub = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  const sub = new Redis(url, { connectTimeout: 2000 });
  pub.on('error', (err) => log.warn({ err: err.message }, 'live channel: Redis error (publisher)'));
  sub.on('error', (err) => log.warn({ err: err.message }, 'live channel: Redis error (subscriber)'));
  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      deliver(JSON.parse(text) as BusMessage);
    } catch (err) {
      log.warn({ err }, 'live channel: unreadable message');
    }
  });
  return {
    name: 'redis',
    ready: sub.subscribe(channel).then(() => undefined),
    async publish(message) {
      await pub.publish(channel, JSON.stringify(message));
    },
    async close() {
      await Promise.all([pub.quit().catch(() => pub.disconnect()), sub.quit().catch(() => sub.disconnect())]);
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY on `vox_live`, the way new-message counts cross instances
 * (db/pg-listen.ts: one listening connection, reconnected with back-off).
 * Channels are database-wide, so each message carries the schema (`ns`) and other schemas'
 * messages are ignored. NOTIFY is sent through the app's pool, so it is delivered at commit.
 */
export function postgresBus({
  connectionString,
  ns,
  deliver,
  log,
  notify,
}: {
  connectionString: string;
  ns: string;
  deliver: Deliver;
  log: FastifyBaseLogger;
  notify: (channel: string, payload: string) => Promise<void>;
}): LiveBus {
  const listener = listenChannel({
    connectionString,
    channel: 'vox_live',
    onMessage: (payload) => {
      try {
        const { ns: from, m } = JSON.parse(payload) as { ns: string; m: BusMessage };
        if (from === ns) deliver(m);
      } catch (err) {
        log.warn({ err }, 'live channel: unreadable notification');
      }
    },
    log,
    lostText: 'live channel: LISTEN connection lost; reconnecting',
  });

  return {
    name: 'postgres',
    ready: listener.ready,
    async publish(message) {
      await notify('vox_live', JSON.stringify({ ns, m: message }));
    },
    close: () => listener.stop(),
  };
}
