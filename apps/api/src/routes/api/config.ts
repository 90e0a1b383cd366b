import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publicConfigOf } from '../../services/accounts/microsoft-sign-in';
import { fromContract } from './from-contract';
import type { Config } from '../../config';

/** Settings the web client needs at run time, so one build runs against any deployment. */
const configRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.route({
    ...fromContract('publicConfig', { tags: ['config'], summary: 'Public client settings (Microsoft sign-in)' }),
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return publicConfigOf(app.microsoft, config);
    },
  });
};

export default configRoutes;
