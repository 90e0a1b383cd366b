import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

const tags = ['first hour'];

/** Open to anyone: a share link's preview and the front door's demo scenes. */
export const firstHourRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('shareLinkPreview', {
      tags,
      summary: "A share link's title, inviter and role",
      description: 'Only what the logged-out /s/{linkId} page shows; 404 when the link is revoked or unknown.',
    }),
    handler: async (request) => app.firstHour.linkPreview(request.params.linkId),
  });

  app.route({
    ...fromContract('showcase', { tags, summary: "The front door's demo scenes, with their featured finished reads" }),
    handler: async () => app.firstHour.showcase(),
  });

  app.route({
    ...fromContract('demoScene', { tags, summary: "A demo scene's text", description: 'Only the public scenes of the VoxClub account; 404 for any other script.' }),
    handler: async (request) => app.firstHour.demoScene(request.params.scriptId),
  });
};

/** Members only: the first-run step's handle suggestion. */
export const memberFirstHourRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('handleSuggestion', { tags, summary: 'A free handle made from my email' }),
    handler: async (request) => app.firstHour.suggestHandle(request.user.id),
  });
};
