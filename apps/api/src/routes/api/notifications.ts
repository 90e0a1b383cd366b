import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  NewNotifications,
  NewNotificationsQuery,
  NOTIFICATIONS_PAGE_SIZE,
  NotificationList,
  NotificationListQuery,
  SeenMark,
  SeenMarkBody,
  SOCIAL_MESSAGES,
  type NotificationItem,
} from '@vox/contract/schemas';
import { HttpError } from '../../plugins/app/error-handler';
import { relationshipsWith } from '../../repositories/friendships';
import { getSeenMark, listNotifications, moveSeenMark, type NotificationRow } from '../../repositories/notifications';
import { peopleById } from '../../repositories/profiles';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The member a message is about or from, by type (payloads: see PRODUCT.md "Social" and the README). */
function personIdOf(row: NotificationRow): string | null {
  return row.type === 'friend_accepted' ? text(row.payload.userId) : text(row.payload.fromUserId);
}

/**
 * /api/notifications: my messages. GET /new?after=<last-seen id> is the red-dot poll, every 30 s
 * per open tab: one indexed statement, nothing else may be added to it. The list and the
 * last-seen mark are read when Messages opens.
 */
const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const me = (request: { userId: string | null }) => request.userId as string;
  const tags = ['messages'];

  app.get(
    '/new',
    {
      preHandler: app.authenticate,
      schema: { tags, querystring: NewNotificationsQuery, response: { 200: NewNotifications, 401: ErrorBody } },
    },
    async (request) => ({
      count: await app.newMessageCounts.count(request.userId as string, request.query.after),
    }),
  );

  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'My messages, newest first, with the other member resolved and unread ones marked',
        querystring: NotificationListQuery,
        response: { 200: NotificationList, 401: ErrorBody },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? NOTIFICATIONS_PAGE_SIZE;
      const [{ items, total }, lastSeen] = await Promise.all([
        listNotifications(app.db, me(request), { page, pageSize }),
        getSeenMark(app.db, me(request)),
      ]);
      const personIds = items.map(personIdOf).filter((id): id is string => Boolean(id));
      const [people, relationships] = await Promise.all([
        peopleById(app.db, personIds),
        relationshipsWith(app.db, me(request), personIds),
      ]);
      const shaped = items.map((row): NotificationItem => {
        const personId = personIdOf(row);
        const p = row.payload;
        return {
          id: row.id,
          type: row.type,
          createdAt: row.createdAt,
          unread: lastSeen === null || row.id > lastSeen,
          person: (personId && people.get(personId)) || null,
          relationship: (personId && people.has(personId) && relationships.get(personId)) || null,
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
              ? { role: text(p.role) as string, expiry: text(p.expiry), event: p.event === 'revoked' ? 'revoked' : 'granted' }
              : null,
        };
      });
      return { items: shaped, total, page, pageSize, lastSeen };
    },
  );

  app.get(
    '/seen',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'My last-seen mark (null until I first open Messages)', response: { 200: SeenMark, 401: ErrorBody } },
    },
    async (request) => ({ id: await getSeenMark(app.db, me(request)) }),
  );

  app.put(
    '/seen',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Move my last-seen mark forward to one of my messages',
        body: SeenMarkBody,
        response: { 200: SeenMark, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const id = await moveSeenMark(app.db, me(request), request.body.id);
      if (id === undefined) throw new HttpError(404, SOCIAL_MESSAGES.messageNotFound);
      return { id };
    },
  );
};

export default notificationRoutes;
