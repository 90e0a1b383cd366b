import { href, PATHS, type RemoteName } from '@vox/variant';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './head';

type Repo = FastifyInstance['publicPagesRepository'];

/** The content pages each site shows anyone (their heads: resolvers.ts). */
const CONTENT_PATHS: Record<RemoteName, readonly string[]> = {
  main: [PATHS.scripts, PATHS.about, PATHS.guide, PATHS.faq, PATHS.events, PATHS.membership, PATHS.privacy, PATHS.terms],
  school: [PATHS.home, PATHS.guide, PATHS.faq, PATHS.privacy, PATHS.terms],
  podcast: [PATHS.home, PATHS.about, PATHS.guide, PATHS.faq, PATHS.privacy, PATHS.terms],
  dashboard: [],
};

const day = (iso: string) => iso.slice(0, 10);

/**
 * The sitemap of the site a host selects, every URL absolute on that host: the main site lists
 * its content pages, public scripts' read pages and events; the podcast site its channels and
 * published episodes; the school site its public pages; the dashboard nothing.
 */
export async function sitemapXml(repo: Repo, origin: string, remote: RemoteName): Promise<string> {
  const urls: { path: string; lastmod?: string }[] = CONTENT_PATHS[remote].map((path) => ({ path }));
  if (remote === 'main') {
    const [scripts, events] = await Promise.all([repo.sitemapScripts(), repo.sitemapEvents()]);
    for (const s of scripts) urls.push({ path: href('script', { scriptId: s.id }), lastmod: day(s.updated_at) });
    for (const e of events) urls.push({ path: href('event', { eventId: e.id }), lastmod: day(e.updated_at) });
  }
  if (remote === 'podcast') {
    const [channels, episodes] = await Promise.all([repo.sitemapChannels(), repo.sitemapEpisodes()]);
    for (const c of channels) urls.push({ path: href('channel', { channelId: c.id }), lastmod: day(c.updated_at) });
    for (const e of episodes) urls.push({ path: href('episode', { linkId: e.id }), lastmod: day(e.updated_at) });
  }
  const entries = urls.map((u) => `  <url><loc>${escapeHtml(`${origin}${u.path}`)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}${entries.length ? '\n' : ''}</urlset>\n`;
}

/**
 * robots.txt of a host: the dashboard is closed to crawlers; elsewhere the API is, except what
 * link previews fetch (pictures, the generated cards, episode audio and oEmbed; Twitter's crawler
 * obeys robots.txt for images too). Signed-in-only pages stay crawlable so their noindex is read.
 */
export function robotsTxt(origin: string, remote: RemoteName): string {
  if (remote === 'dashboard') return 'User-agent: *\nDisallow: /\n';
  return [
    'User-agent: *',
    'Allow: /api/users/photo/',
    'Allow: /api/public-pages/',
    'Allow: /api/podcast/audio/',
    'Allow: /api/oembed',
    'Disallow: /api/',
    'Disallow: /embed/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
