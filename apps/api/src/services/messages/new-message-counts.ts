import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { listenChannel, type PgListener } from '../../db/pg-listen';
import { countNewNotifications } from '../../repositories/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    /** The red-dot poll's answer: how many of my notifications are newer than `after`. */
    newMessageCounts: NewMessageCounts;
  }
}

interface NewMessageCounts {
  count(userId: string, after?: string): Promise<number>;
  /** PostgreSQL only: the change feed that keeps cached answers exact. */
  feed?: { readonly backendPid: number | undefined };
}

/**
 * Remembers each user's last answer (for the `after` they asked with) until that user's
 * notifications change. Every open tab asks every 30 s with the same `after` until its user reads
 * their messages, so nearly every poll is a repeat. Correct under races: an answer computed while
 * any change arrived is not kept (a change bumps `epoch`), and while the change feed is down
 * nothing is served from memory.
 */
export function createCountCache(load: (userId: string, after: string) => Promise<number>, maxUsers = 100_000) {
  const entries = new Map<string, { after: string; count: number }>();
  let epoch = 0;
  let enabled = false;
  return {
    async count(userId: string, after = ''): Promise<number> {
      if (enabled) {
        const hit = entries.get(userId);
        if (hit && hit.after === after) return hit.count;
      }
      const started = epoch;
      const count = await load(userId, after);
      if (enabled && started === epoch) {
        // Oldest first out: a Map iterates in insertion order.
        entries.delete(userId);
        if (entries.size >= maxUsers) entries.delete(entries.keys().next().value as string);
        entries.set(userId, { after, count });
      }
      return count;
    },
    /** That user's notifications changed (or, with `*`, anyone's). */
    changed(userId: string) {
      epoch++;
      if (userId === '*') entries.clear();
      else entries.delete(userId);
    },
    /** Serve from memory only while every change is being heard. */
    setEnabled(on: boolean) {
      epoch++;
      entries.clear();
      enabled = on;
    },
    get size() {
      return entries.size;
    },
  };
}

type CountCache = ReturnType<typeof createCountCache>;

/**
 * Keeps a connection LISTENing on `vox_notifications` (a trigger announces every change, see
 * migration 040) and feeds the cache; reconnects with backoff after a drop, and the cache is off
 * from the drop until LISTEN is back (changes in between were not heard).
 */
function listenForChanges(
  { connectionString, cache, log }: { connectionString: string; cache: CountCache; log: FastifyInstance['log'] },
): PgListener {
  return listenChannel({
    connectionString,
    channel: 'vox_notifications',
    onMessage: (payload) => cache.changed(payload),
    onUp: () => cache.setEnabled(true),
    onDown: () => cache.setEnabled(false),
    log,
    lostText: 'new-message counts: change feed lost; answering from the database until it is back',
  });
}

/**
 * app.newMessageCounts: on PostgreSQL, cached answers kept exact by the change feed; on SQLite,
 * straight from the database (one indexed query in-process is as cheap as a route without a
 * database at all: see tools/bench/README.md).
 */
async function newMessageCounts(app: FastifyInstance, { config }: { config: Config }) {
  const load = (userId: string, after: string) => countNewNotifications(app.db, userId, after || undefined);
  if (app.dbDialect !== 'postgres' || !config.databaseUrl) {
    app.decorate('newMessageCounts', { count: (userId: string, after?: string) => load(userId, after ?? '') });
    return;
  }
  const cache = createCountCache(load);
  const feed = listenForChanges({ connectionString: config.databaseUrl, cache, log: app.log });
  await feed.ready;
  app.decorate('newMessageCounts', { count: cache.count, feed } satisfies NewMessageCounts);
  app.addHook('onClose', () => feed.stop());
}

export default fp(newMessageCounts, { name: 'new-message-counts', dependencies: ['database'] });
