import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PublicConfig } from '@vox/contract/schemas';

/** Settings the web client needs at run time, so one build runs against any deployment. */
const configRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/config/public',
    { schema: { tags: ['config'], summary: 'Public client settings (Microsoft sign-in)', response: { 200: PublicConfig } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { msClientId: app.microsoft.clientId, msAuthority: app.microsoft.authority };
    },
  );
};

export default configRoutes;
