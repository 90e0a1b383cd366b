import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { href, pathPattern, PATHS, productNameFor, resolveVariant, type RemoteName } from '@vox/variant';
import type { Config } from '../../config';
import type { Oembed } from '@vox/contract/schemas';
import { NotFoundError } from '../../domain-errors';
import { podcastAudioPath } from '../podcast/context';
import { renderCard } from './card';
import { embedMissingPage, embedPage } from './embed';
import { escapeHtml, headTags, type PageHead } from './head';
import { EMBED_EPISODE_PATH, EMBED_SIZE, EPISODE_RESOLVER, resolverOf } from './resolvers';
import { robotsTxt, sitemapXml } from './sitemap';

/** What the shell's index.html says of the product (its own meta description), by site. */
const SITE_DESCRIPTIONS: Record<RemoteName, string> = {
  main: 'VoxClub: read and write scripts, hold table reads, and grow as a voice actor.',
  school: 'VoxClub School: classes, assignments and table reads for drama and voice students.',
  podcast: 'Podcasts made on VoxClub: channels, episodes and playlists.',
  dashboard: 'VoxClub: read and write scripts, hold table reads, and grow as a voice actor.',
};

/** A head is kept this long per path and host: a shared link's burst of previews costs one look-up. */
const HEAD_TTL_MS = 30_000;
const HEAD_CACHE_SIZE = 1000;

/** A Host header we may write into a page: a name or address with an optional port, nothing else. */
const SAFE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

interface OembedQuery {
  url: string;
  maxwidth?: number;
  maxheight?: number;
}

/**
 * Public page heads, cards, embeds, oEmbed, robots.txt and sitemaps. Every look-up goes through a
 * path's resolver (resolvers.ts), which answers only what is public, so a preview, a card, an
 * embed and an oEmbed answer can never show more than anyone may see.
 */
interface PublicPages {
  /** `scheme://host` of the request when its Host is well-formed, else the configured public URL. */
  originOf(request: FastifyRequest): string;
  /**
   * The head tags of an app page (title first), for `withHead`. `signInOnly`: the route table puts
   * the path behind a sign-in; its page is noindex unless the path has a public head of its own
   * (the main site's front door, /scripts, shows visitors its landing). `own`: the path names
   * something public (its resolver answered a title), the condition for a server-drawn body too.
   */
  headTags(request: FastifyRequest, pathname: string, signInOnly: boolean): Promise<{ tags: string; own: boolean }>;
  card(request: FastifyRequest, pathname: string): Promise<Buffer>;
  /** The embed page of an episode: 200 with the player, or 404 with a short notice. */
  embed(request: FastifyRequest, episodeId: string): Promise<{ status: 200 | 404; html: string }>;
  oembed(request: FastifyRequest, query: OembedQuery): Promise<Oembed>;
  robots(request: FastifyRequest): string;
  sitemap(request: FastifyRequest): Promise<string>;
}

async function publicPages(app: FastifyInstance, { config }: { config: Config }) {
  const repo = app.publicPagesRepository;
  const cardDir = path.join(config.dataDir, 'cards');
  const heads = new Map<string, { expires: number; tags: string; own: boolean }>();

  const originOf = (request: FastifyRequest) => (SAFE_HOST.test(request.host) ? `${request.protocol}://${request.host.toLowerCase()}` : config.publicUrl);
  const variantOf = (request: FastifyRequest, pathname: string) => resolveVariant(request.host, pathname);

  /** The head of a path on a host's site; generic (no title) when the path names nothing public. */
  async function resolve(remote: RemoteName, pathname: string): Promise<PageHead> {
    if (remote === 'dashboard') return {};
    const found = resolverOf(pathname, remote);
    if (!found) return {};
    try {
      return (await found.resolver.resolve(repo, found.param)) ?? {};
    } catch (err) {
      // The page still goes out, with the generic head.
      app.log.warn({ err, pathname }, 'public page head: look-up failed');
      return {};
    }
  }

  const service: PublicPages = {
    originOf,

    async headTags(request, pathname, signInOnly) {
      const origin = originOf(request);
      const { site, remote, page } = variantOf(request, pathname);
      const key = `${signInOnly ? 1 : 0}${origin}${pathname}`;
      const now = Date.now();
      const kept = heads.get(key);
      if (kept && kept.expires > now) return { tags: kept.tags, own: kept.own };
      const head = await resolve(remote, pathname);
      const tags = headTags(
        { ...head, noindex: (signInOnly && !head.title) || page === 'dashboard' },
        { origin, pathname, siteName: productNameFor(site), defaultDescription: SITE_DESCRIPTIONS[remote] },
      );
      const own = Boolean(head.title);
      if (heads.size >= HEAD_CACHE_SIZE) heads.clear();
      heads.set(key, { expires: now + HEAD_TTL_MS, tags, own });
      return { tags, own };
    },

    async card(request, pathname) {
      const { site, remote } = variantOf(request, pathname);
      const head = await resolve(remote, pathname);
      const siteName = productNameFor(site);
      return renderCard(cardDir, { title: head.title ?? siteName, subtitle: head.title ? head.subtitle : SITE_DESCRIPTIONS[remote].replace(/^[^:]*: /, ''), siteName, dark: remote === 'podcast' });
    },

    async embed(request, episodeId) {
      const e = await repo.publishedEpisode(episodeId);
      if (!e || e.id !== episodeId) return { status: 404, html: embedMissingPage() };
      return {
        status: 200,
        html: embedPage({
          title: e.title,
          channelTitle: e.channel_title,
          pageUrl: `${originOf(request)}${href('episode', { linkId: e.id })}`,
          audioPath: podcastAudioPath(e.audio_id, e.content_type),
          coverPath: e.cover ? `/api/users/photo/${e.cover}` : undefined,
          durationMs: Number(e.duration_ms),
        }),
      };
    },

    async oembed(request, query) {
      let url: URL;
      try {
        url = new URL(query.url);
      } catch {
        throw new NotFoundError('No embeddable page at that URL.');
      }
      const embedMatch = pathPattern(EMBED_EPISODE_PATH).test(url.pathname);
      const pageMatch = pathPattern(PATHS.episode).test(url.pathname);
      const id = embedMatch || pageMatch ? decodeSegment(url.pathname.split('/')[embedMatch ? 3 : 2]) : undefined;
      const head = id === undefined || !/^https?:$/.test(url.protocol) ? null : await EPISODE_RESOLVER.resolve(repo, id);
      if (!head?.embed || !head.title) throw new NotFoundError('No embeddable page at that URL.');
      const origin = originOf(request);
      const width = Math.max(1, Math.min(EMBED_SIZE.width, query.maxwidth ?? EMBED_SIZE.width));
      const height = Math.max(1, Math.min(EMBED_SIZE.height, query.maxheight ?? EMBED_SIZE.height));
      const src = `${origin}${head.embed.path}`;
      const { site } = variantOf(request, '/');
      return {
        version: '1.0' as const,
        type: 'rich' as const,
        provider_name: productNameFor(site),
        provider_url: `${origin}/`,
        title: head.title,
        ...(head.subtitle ? { author_name: head.subtitle } : {}),
        ...(head.image ? { thumbnail_url: `${origin}${head.image}`, thumbnail_width: 256, thumbnail_height: 256 } : {}),
        html: `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" title="${escapeHtml(head.title)}" frameborder="0" loading="lazy" allow="autoplay"></iframe>`,
        width,
        height,
        cache_age: 3600,
      };
    },

    robots(request) {
      return robotsTxt(originOf(request), variantOf(request, '/').remote);
    },

    async sitemap(request) {
      return sitemapXml(repo, originOf(request), variantOf(request, '/').remote);
    },
  };
  app.decorate('publicPages', service);
}

function decodeSegment(segment: string | undefined): string | undefined {
  try {
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    publicPages: PublicPages;
  }
}

export default fp(publicPages, { name: 'public-pages', dependencies: ['public-pages-repository'] });
