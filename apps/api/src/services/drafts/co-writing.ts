import { randomUUID } from 'node:crypto';
import { DRAFT_LIMITS, DRAFT_MESSAGES, LIVE_TIMING, type DraftAwarenessUpdate, type DraftDocSaved, type DraftDocUpdate, type DraftLiveEvent } from '@vox/contract/schemas';
import { BadRequestError, ForbiddenError } from '../../domain-errors';
import type { DraftBusMessage } from '../../plugins/app/live-bus';
import { measures, type DraftsContext } from './context';
import { COMPACT_AFTER, applyClientUpdate, docOf, fromBase64, stateOf, textOf, toBase64 } from './doc';

/** Where a stream's bytes go (the route gives the raw response). */
export interface DraftSink {
  write(chunk: string): void;
  end(): void;
}

/** Co-writing a draft (docs/drafts.md): its stream, its document's changes and everyone's cursors. */
export interface CoWritingService {
  /** Checks access (404 unless I own the draft or was invited to it) and opens my stream. */
  live(me: string, draftId: string, sink: DraftSink): Promise<{ close(): void }>;
  /** A change to the document from an editor: stored, sent to everyone, the text derived from it. */
  applyUpdate(me: string, draftId: string, input: DraftDocUpdate): Promise<DraftDocSaved>;
  /** My cursor and selection, passed on (nothing is stored). */
  awareness(me: string, draftId: string, input: DraftAwarenessUpdate): Promise<void>;
  /** Ends the streams of these people in the draft (everyone's when `userIds` is absent), on every instance. */
  revoke(draftId: string, userIds?: string[]): Promise<void>;
  /** Open co-writing streams on this instance (tests). */
  readonly connections: number;
}

interface Connection {
  id: string;
  draftId: string;
  userId: string;
  sink: DraftSink;
  closed: boolean;
  timer: NodeJS.Timeout;
  close(last?: DraftLiveEvent): void;
}

/** A change this small travels on the bus itself (NOTIFY takes at most 8000 bytes); a larger one is read from the database. */
const INLINE_BYTES = 6000;

const frame = (event: DraftLiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

export function coWritingService(ctx: DraftsContext): CoWritingService {
  const { app, repo, serial, loadDoc, autoSnapshot, access } = ctx;
  const live = app.liveSessions;
  const local = new Map<string, Set<Connection>>();

  const send = (conn: Connection, event: DraftLiveEvent) => {
    if (!conn.closed) conn.sink.write(frame(event));
  };

  const publish = (message: DraftBusMessage) => live.publishDraft(message);
  ctx.changed.publish = (draftId, updateId, update) => {
    const data = toBase64(update);
    return publish({ kind: 'draft-update', draftId, updateId, ...(data.length <= INLINE_BYTES && { data }) });
  };

  live.onDraft((message) => {
    const conns = local.get(message.draftId);
    if (!conns || conns.size === 0) return;
    switch (message.kind) {
      case 'draft-update': {
        const deliver = (update: string) => {
          for (const conn of conns) if (conn.id !== message.from) send(conn, { type: 'update', update });
        };
        if (message.data) deliver(message.data);
        else
          repo
            .findDocUpdate(message.updateId)
            // Merged away meanwhile: the whole document holds it.
            .then(async (data) => data ?? toBase64(await wholeState(message.draftId)))
            .then(deliver)
            .catch((err: unknown) => app.log.warn({ err }, 'co-writing: change not sent'));
        break;
      }
      case 'draft-awareness':
        for (const conn of conns) if (conn.id !== message.from) send(conn, { type: 'awareness', update: message.data });
        break;
      case 'draft-revoke':
        for (const conn of [...conns]) if (!message.userIds || message.userIds.includes(conn.userId)) conn.close({ type: 'revoked', message: message.message });
        break;
    }
  });

  const wholeState = async (draftId: string) => {
    const updates = (await repo.listDocUpdates(draftId)).map((update) => update.data);
    return stateOf(docOf(updates), updates);
  };

  const heartbeat = setInterval(() => {
    for (const conns of local.values()) for (const conn of conns) if (!conn.closed) conn.sink.write(': ping\n\n');
  }, LIVE_TIMING.heartbeatMs);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const conns of [...local.values()]) for (const conn of [...conns]) conn.close({ type: 'reconnect' });
  });

  return {
    get connections() {
      let n = 0;
      for (const conns of local.values()) n += conns.size;
      return n;
    },

    async live(me, draftId, sink) {
      const { row } = await access(me, draftId);
      let gone = false;
      const conn: Connection = {
        id: randomUUID().replaceAll('-', ''),
        draftId,
        userId: me,
        sink,
        closed: false,
        // Streams end after a while, so access and the token are checked again on reconnect.
        timer: setTimeout(() => conn.close({ type: 'reconnect' }), LIVE_TIMING.maxStreamMs),
        close(last) {
          if (gone) return;
          gone = true;
          if (last) send(conn, last);
          conn.closed = true;
          clearTimeout(conn.timer);
          sink.end();
          const set = local.get(draftId);
          set?.delete(conn);
          if (set?.size === 0) local.delete(draftId);
        },
      };
      conn.timer.unref();
      // Listening before reading: a change stored meanwhile arrives as an update (applying one twice changes nothing).
      let set = local.get(draftId);
      if (!set) local.set(draftId, (set = new Set()));
      set.add(conn);
      send(conn, { type: 'hello', connectionId: conn.id });
      const { doc, updates } = await loadDoc(row);
      send(conn, { type: 'sync', update: toBase64(stateOf(doc, updates.map((update) => update.data))) });
      return { close: () => conn.close() };
    },

    async applyUpdate(me, draftId, input) {
      const bytes = fromBase64(input.update);
      return serial(draftId, async () => {
        // Checked in turn, after the changes before it: a co-writer removed meanwhile writes nothing.
        const current = await access(me, draftId);
        if (current.role === 'commenter') throw new ForbiddenError(DRAFT_MESSAGES.readOnly);
        const { doc, updates } = await loadDoc(current.row);
        const before = textOf(doc);
        if (!applyClientUpdate(doc, bytes)) throw new BadRequestError(DRAFT_MESSAGES.badDocUpdate);
        const body = textOf(doc);
        if (body.length > DRAFT_LIMITS.body) throw new BadRequestError(DRAFT_MESSAGES.tooLong);
        const now = new Date().toISOString();
        const id = await repo.insertDocUpdate(draftId, input.update, now);
        await publish({ kind: 'draft-update', draftId, updateId: id, from: input.connectionId, ...(input.update.length <= INLINE_BYTES && { data: input.update }) });
        let revision = current.row.revision;
        if (body !== before || body !== current.row.body) {
          const values = { body, ...measures(body), updated_at: now };
          revision = await repo.writeDerivedBody(draftId, values);
          await autoSnapshot({ ...current.row, ...values, revision }, now);
        }
        if (updates.length + 1 > COMPACT_AFTER) {
          const all = [...updates, { id, data: input.update }];
          await repo.compactDocUpdates(
            draftId,
            all.map((update) => update.id),
            id,
            toBase64(stateOf(doc, all.map((update) => update.data))),
          );
        }
        return { revision };
      });
    },

    async awareness(me, draftId, input) {
      await access(me, draftId);
      await publish({ kind: 'draft-awareness', draftId, data: input.update, from: input.connectionId });
    },

    async revoke(draftId, userIds) {
      await publish({ kind: 'draft-revoke', draftId, ...(userIds && { userIds }), message: DRAFT_MESSAGES.accessEnded });
    },
  };
}
