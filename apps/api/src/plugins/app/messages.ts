import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  NOTIFICATIONS_PAGE_SIZE,
  SOCIAL_LIMITS,
  SOCIAL_MESSAGES,
  displayName,
  socialTexts,
  type DirectMessageResult,
  type NotificationItem,
  type NotificationList,
} from '@vox/contract/schemas';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../domain-errors';
import type { NotificationRow } from '../../repositories/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessagesService;
  }
}

/**
 * My messages (notifications rows) and direct messages between friends. The red-dot poll is
 * `app.newMessageCounts` (its own plugin: one indexed statement, nothing may be added to it).
 */
export interface MessagesService {
  /** A page of my messages, newest first, with the other member resolved and unread ones marked. */
  list(me: string, paging: { page?: number; pageSize?: number }): Promise<NotificationList>;
  /** My last-seen mark; null until I first open Messages. */
  seenMark(me: string): Promise<string | null>;
  /** Moves my mark forward to one of my messages; answers the mark as it stands. */
  markSeen(me: string, id: string): Promise<string>;
  /** A direct message to a friend; the sender keeps no copy. */
  send(from: string, to: string, text: string): Promise<DirectMessageResult>;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** read_joined / read_recorded payloads (plugins/app/live-sessions.ts). */
const liveReadNote = (p: Record<string, unknown>) => ({
  sessionId: text(p.sessionId) ?? '',
  scriptTitle: text(p.scriptTitle) ?? '',
  role: text(p.role),
  lines: typeof p.lines === 'number' ? p.lines : null,
});

/** The member a message is about or from, by type (payloads: plugins/README.md "Social area"). */
function personIdOf(row: NotificationRow): string | null {
  return row.type === 'friend_accepted' ? text(row.payload.userId) : text(row.payload.fromUserId);
}

async function messages(app: FastifyInstance) {
  const { friendshipsRepository: friendships, notificationsRepository: notifications, peopleRepository: people, profilesRepository: profiles } = app;

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
          // Issue 20: the owner's messages about a live read.
          read: row.type === 'read_joined' || row.type === 'read_recorded' ? liveReadNote(p) : null,
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

    async send(from, to, message) {
      const body = message.trim();
      if (!body) throw new BadRequestError(SOCIAL_MESSAGES.messageEmpty);
      if (body.length > SOCIAL_LIMITS.message) throw new BadRequestError(SOCIAL_MESSAGES.messageTooLong);
      if (to === from) throw new BadRequestError(SOCIAL_MESSAGES.messageToYourself);
      // An unknown member reads the same as a stranger, so ids reveal nothing.
      const recipient = await profiles.findUserById(to);
      if (!recipient || !(await friendships.areFriends(from, to))) throw new ForbiddenError(SOCIAL_MESSAGES.messageOnlyFriends);
      const id = await notifications.createNotification({ userId: to, type: 'message', payload: { fromUserId: from, text: body } });
      return { id, message: socialTexts.messageSent(displayName(recipient)) };
    },
  } satisfies MessagesService);
}

export default fp(messages, { name: 'messages', dependencies: ['friendships-repository', 'notifications-repository', 'people-repository', 'profiles-repository'] });
