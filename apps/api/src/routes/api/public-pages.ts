import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotImplementedError } from '../../domain-errors';
import { fromContract } from './from-contract';

const tags = ['public pages'];

/** Open to anyone: an episode's oEmbed answer, and the generated preview card of a page path. */
const publicPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('oembed', { tags, summary: 'oEmbed (JSON) for an episode’s page or player' }),
    handler: async (request, reply) => {
      const { format = 'json', ...query } = request.query;
      if (format !== 'json') throw new NotImplementedError('Only format=json is offered.');
      const answer = await app.publicPages.oembed(request, query);
      return reply.header('Cache-Control', 'public, max-age=300').send(answer);
    },
  });
  app.route({
    ...fromContract('pageCard', { tags, summary: 'The generated preview card (PNG) of a page path on this host' }),
    handler: async (request, reply) => {
      const png = await app.publicPages.card(request, request.query.path.split('?')[0]);
      return reply.type('image/png').header('Cache-Control', 'public, max-age=300').send(png);
    },
  });
};

export default publicPageRoutes;
