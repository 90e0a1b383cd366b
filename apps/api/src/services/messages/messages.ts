import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  NOTIFICATIONS_PAGE_SIZE,
  SOCIAL_LIMITS,
  SOCIAL_MESSAGES,
  displayName,
  socialTexts,
  type Conversation,
  type ConversationList,
  type DirectMessageResult,
  type ThreadMessage,
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  type NotificationItem,
  type NotificationList,
} from '@vox/contract/schemas';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../domain-errors';
import { createNotification, type NotificationRow } from '../../repositories/notifications';
import { insertDirectMessage, type DirectMessageRow } from '../../repositories/conversations';
import { unknownPerson } from '../../repositories/people';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessagesService;
  }
}

/**
 * My messages (notifications rows) and direct messages between friends. The red-dot poll is
 * `app.newMessageCounts` (its own plugin: one indexed statement, nothing may be added to it).
 */
interface MessagesService {
  /** A page of my messages, newest first, with the other member resolved and unread ones marked. */
  list(me: string, paging: { page?: number; pageSize?: number }): Promise<NotificationList>;
  /** My last-seen mark; null until I first open Messages. */
  seenMark(me: string): Promise<string | null>;
  /** Moves my mark forward to one of my messages; answers the mark as it stands. */
  markSeen(me: string, id: string): Promise<string>;
  /**
   * A direct message to a friend (optionally a reply to a message of our thread): a message in
   * their Messages (the red dot counts it) and a line of our conversation, which both of us see.
   */
  send(from: string, to: string, text: string, replyTo?: string): Promise<DirectMessageResult>;
  /** My conversations, newest first, with my unread count in each. */
  conversations(me: string): Promise<ConversationList>;
  /** One conversation's newest messages, oldest first. Reading it marks nothing. */
  conversation(me: string, other: string): Promise<Conversation>;
  /** Marks the other's messages up to `upTo` (one of the thread) read; answers my unread count left. */
  markConversationRead(me: string, other: string, upTo: string): Promise<number>;
}

/** A thread message from my side; `quoted` resolves its reply. */
const toThreadMessage = (me: string, row: DirectMessageRow, quoted?: DirectMessageRow): ThreadMessage => ({
  id: row.id,
  fromMe: row.sender_id === me,
  text: row.text,
  createdAt: row.created_at,
  replyTo: quoted ? { id: quoted.id, fromMe: quoted.sender_id === me, text: quoted.text } : null,
});

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** read_joined / read_recorded payloads (services/live-sessions/live-sessions.ts). */
const liveReadNote = (p: Record<string, unknown>) => ({
  sessionId: text(p.sessionId) ?? '',
  scriptTitle: text(p.scriptTitle) ?? '',
  role: text(p.role),
  lines: typeof p.lines === 'number' ? p.lines : null,
});

/** casting_cast / casting_role_cast payloads (services/casting/review.ts). */
const castingNote = (p: Record<string, unknown>) => ({
  callId: text(p.callId) ?? '',
  roleName: text(p.roleName) ?? '',
  scriptTitle: text(p.scriptTitle) ?? '',
  sessionId: text(p.sessionId),
});

/** draft_comment payloads (services/drafts/comments.ts). */
const draftCommentNote = (p: Record<string, unknown>) => ({
  draftId: text(p.draftId) ?? '',
  draftTitle: text(p.draftTitle) ?? '',
  threadId: text(p.threadId) ?? '',
  fromLine: typeof p.fromLine === 'number' ? p.fromLine : 1,
  toLine: typeof p.toLine === 'number' ? p.toLine : 1,
  reply: p.reply === true,
});

/** draft_invite payloads (services/drafts/sharing.ts). */
const draftInviteNote = (p: Record<string, unknown>) => ({
  draftId: text(p.draftId) ?? '',
  draftTitle: text(p.draftTitle) ?? '',
  role: p.role === 'commenter' ? ('commenter' as const) : ('editor' as const),
});

/** The member a message is about or from, by type (payloads: plugins/README.md "Social area"). */
function personIdOf(row: NotificationRow): string | null {
  return row.type === 'friend_accepted' ? text(row.payload.userId) : text(row.payload.fromUserId);
}

async function messages(app: FastifyInstance) {
  const {
    friendshipsRepository: friendships,
    notificationsRepository: notifications,
    peopleRepository: people,
    conversationsRepository: threads,
  } = app;

  /** Thread rows with the messages they quote resolved. */
  const shapeThread = async (me: string, rows: DirectMessageRow[]): Promise<ThreadMessage[]> => {
    const quoteIds = rows.map((row) => row.reply_to_id).filter((id): id is string => Boolean(id));
    const quoted = await threads.messagesById(quoteIds);
    return rows.map((row) => toThreadMessage(me, row, row.reply_to_id ? quoted.get(row.reply_to_id) : undefined));
  };

  app.decorate('messages', {
    async list(me, { page = 1, pageSize = NOTIFICATIONS_PAGE_SIZE }) {
      const [{ items, total }, lastSeen] = await Promise.all([notifications.listNotifications(me, { page, pageSize }), notifications.getSeenMark(me)]);
      const personIds = items.map(personIdOf).filter((id): id is string => Boolean(id));
      const [persons, relationships] = await Promise.all([people.peopleById(personIds), friendships.relationshipsWith(me, personIds)]);
      const shaped = items.map((row): NotificationItem => {
        const personId = personIdOf(row);
        const p = row.payload;
        return {
          id: row.id,
          type: row.type,
          createdAt: row.createdAt,
          unread: lastSeen === null || row.id > lastSeen,
          person: (personId && persons.get(personId)) || null,
          relationship: (personId && persons.has(personId) && relationships.get(personId)) || null,
          text: text(p.text),
          invite:
            row.type === 'session_invite' && text(p.linkId)
              ? {
                  sessionId: text(p.sessionId) ?? '',
                  scriptId: text(p.scriptId) ?? '',
                  scriptTitle: text(p.scriptTitle) ?? '',
                  linkId: text(p.linkId) as string,
                  role: text(p.role),
                }
              : null,
          membership:
            row.type === 'membership' && text(p.role)
              ? { role: text(p.role) as string, expiry: text(p.expiry), event: p.event === 'revoked' || p.event === 'cancelled' ? p.event : 'granted' }
              : null,
          // The owner's messages about a live read.
          read: row.type === 'read_joined' || row.type === 'read_recorded' ? liveReadNote(p) : null,
          // The casting owner's messages to those who auditioned (services/casting/review.ts).
          casting: row.type === 'casting_cast' || row.type === 'casting_role_cast' ? castingNote(p) : null,
          // A comment on lines of a draft I write in (services/drafts/comments.ts).
          draftComment: row.type === 'draft_comment' ? draftCommentNote(p) : null,
          // A friend made me a co-writer of their draft (services/drafts/sharing.ts).
          draftInvite: row.type === 'draft_invite' ? draftInviteNote(p) : null,
        };
      });
      return { items: shaped, total, page, pageSize, lastSeen };
    },

    seenMark: (me) => notifications.getSeenMark(me),

    async markSeen(me, id) {
      const mark = await notifications.moveSeenMark(me, id);
      if (mark === undefined) throw new NotFoundError(SOCIAL_MESSAGES.messageNotFound);
      return mark;
    },

    async send(from, to, message, replyTo) {
      const body = message.trim();
      if (!body) throw new BadRequestError(SOCIAL_MESSAGES.messageEmpty);
      if (body.length > SOCIAL_LIMITS.message) throw new BadRequestError(SOCIAL_MESSAGES.messageTooLong);
      if (to === from) throw new BadRequestError(SOCIAL_MESSAGES.messageToYourself);
      // An unknown member reads the same as a stranger, so ids reveal nothing.
      const recipient = await app.usersRepository.findById(to);
      if (!recipient || !(await friendships.areFriends(from, to))) throw new ForbiddenError(SOCIAL_MESSAGES.messageOnlyFriends);
      if (replyTo && !(await threads.findMessageInThread(replyTo, from, to))) throw new BadRequestError(CONVERSATION_MESSAGES.replyNotInThread);
      // One id for both rows (time-ordered): the recipient's notification and the thread's line.
      const id = await app.db.transaction().execute(async (trx) => {
        const created = await createNotification(trx, { userId: to, type: 'message', payload: { fromUserId: from, text: body } });
        await insertDirectMessage(trx, {
          id: created,
          sender_id: from,
          recipient_id: to,
          text: body,
          reply_to_id: replyTo ?? null,
          created_at: new Date().toISOString(),
        });
        return created;
      });
      return { id, message: socialTexts.messageSent(displayName(recipient)) };
    },

    async conversations(me) {
      const [list, unread] = await Promise.all([threads.threadsOf(me), threads.unreadCounts(me)]);
      const [persons, lasts] = await Promise.all([people.peopleById(list.map((t) => t.otherId)), threads.messagesById(list.map((t) => t.lastId))]);
      const lastRows = list.map((t) => lasts.get(t.lastId)).filter((row): row is DirectMessageRow => Boolean(row));
      const shaped = new Map((await shapeThread(me, lastRows)).map((m) => [m.id, m]));
      const items = list.flatMap((t) => {
        const last = shaped.get(t.lastId);
        return last ? [{ person: persons.get(t.otherId) ?? unknownPerson(t.otherId), last, unread: unread.get(t.otherId) ?? 0 }] : [];
      });
      return { items, unread: items.reduce((sum, item) => sum + item.unread, 0) };
    },

    async conversation(me, other) {
      const person = (await people.peopleById([other])).get(other);
      if (!person || other === me) throw new NotFoundError(CONVERSATION_MESSAGES.noSuchMember);
      const [rows, relationship, unread] = await Promise.all([
        threads.threadMessages(me, other, CONVERSATION_LIMITS.threadMessages),
        friendships.relationshipOf(me, other),
        threads.unreadCounts(me),
      ]);
      return { person, relationship, canReply: relationship === 'friends', messages: await shapeThread(me, rows), unread: unread.get(other) ?? 0 };
    },

    async markConversationRead(me, other, upTo) {
      const message = await threads.findMessageInThread(upTo, me, other);
      if (!message || other === me) throw new NotFoundError(CONVERSATION_MESSAGES.readMarkNotInThread);
      await threads.markThreadRead(me, other, upTo);
      return (await threads.unreadCounts(me)).get(other) ?? 0;
    },
  } satisfies MessagesService);
}

export default fp(messages, { name: 'messages', dependencies: ['friendships-repository', 'notifications-repository', 'people-repository', 'conversations-repository', 'users-repository'] });
