import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, NewNotifications, NewNotificationsQuery } from '@vox/contract/schemas';
import { countNewNotifications } from '../../repositories/notifications';

/** GET /api/notifications/new?after=<last-seen id>: the red-dot poll, every 30 s per open tab. */
const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/new',
    {
      preHandler: app.authenticate,
      schema: { querystring: NewNotificationsQuery, response: { 200: NewNotifications, 401: ErrorBody } },
    },
    async (request) => ({
      count: await countNewNotifications(app.db, request.userId as string, request.query.after),
    }),
  );
};

export default notificationRoutes;
