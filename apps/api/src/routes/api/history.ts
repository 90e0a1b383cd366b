import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, HistoryList, HistoryQuery, SCRIPTS_PAGE_SIZE } from '@vox/contract/schemas';
import { listHistory } from '../../repositories/sessions';

/** GET /api/history: the sessions I take part in, most recent activity first, with my progress. */
const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/history',
    {
      preHandler: app.authenticate,
      schema: { querystring: HistoryQuery, response: { 200: HistoryList, 401: ErrorBody } },
    },
    async (request) => {
      const { page = 1, pageSize = SCRIPTS_PAGE_SIZE } = request.query;
      const { items, total } = await listHistory(app.db, request.userId as string, page, pageSize);
      return { items, total, page, pageSize };
    },
  );
};

export default historyRoutes;
