import type { FastifyInstance } from 'fastify';
import { EMBED_CSP } from '../services/public-pages/embed';
import { EMBED_EPISODE_PATH } from '../services/public-pages/resolvers';

/**
 * The site's own files beside the web apps, on every host: robots.txt and sitemap.xml of the site
 * the host selects, and the episode player other sites embed (the one page that may be framed:
 * its own policy, no X-Frame-Options). Not API calls, so not in the contract.
 */
export default async function siteFiles(app: FastifyInstance) {
  const { publicPages } = app;

  app.get('/robots.txt', async (request, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(publicPages.robots(request)));

  app.get('/sitemap.xml', async (request, reply) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(await publicPages.sitemap(request)),
  );

  app.get<{ Params: { episodeId: string } }>(EMBED_EPISODE_PATH, async (request, reply) => {
    const { status, html } = await publicPages.embed(request, request.params.episodeId);
    reply.removeHeader('x-frame-options');
    return reply
      .code(status)
      .header('content-security-policy', EMBED_CSP)
      .header('Cache-Control', status === 200 ? 'public, max-age=300' : 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
