import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/** The metrics dashboard (staff with show_metrics; 403 for anyone else signed in). */
const metricsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('metrics', { tags: ['metrics'], summary: 'Daily counts of every dashboard chart for a range, time zone and site (show_metrics)' }),
    preHandler: app.requirePrivilege('show_metrics'),
    handler: async (request) => app.metrics.charts(request.query),
  });
};

export default metricsRoutes;
