/**
 * A page's head as link previews and search engines read it: what a resolver found for a path
 * (resolvers.ts), written as tags into the shell's index.html (`withHead`). Everything taken from
 * the database is HTML-escaped here, once, whoever resolved it.
 */
export interface PageHead {
  /** The object's own name; the tab title is "{title} · {the site's product name}". Absent: the site's generic head. */
  title?: string;
  description?: string;
  /** og:type: website, profile, article... */
  type?: string;
  /** A path on this origin (the cover, the photo) or an absolute URL; absent: the generated card. */
  image?: string;
  /** Text the generated card shows under the title (the channel of an episode, the inviter). */
  subtitle?: string;
  /** An episode: its audio and its player page, for og:audio, the Twitter player card and oEmbed. */
  audio?: { path: string; type: string };
  embed?: { path: string; width: number; height: number };
  /** Not to be indexed (a signed-in-only route, the dashboard). */
  noindex?: boolean;
}

/** What every head of one answer shares: where it was asked, and the site's name and default text. */
interface HeadContext {
  /** `https://podcast.example.com`: the origin the page was asked on. */
  origin: string;
  /** The path asked for, without its query. */
  pathname: string;
  siteName: string;
  defaultDescription: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** One line, at most `max` characters (an ellipsis marks a cut): previews show a line or two. */
export function clip(text: string | null | undefined, max = 200): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

const absolute = (origin: string, pathOrUrl: string): string => (/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`);

/** Where the generated card of a path is served (rendered from the same resolved head: never more than the page shows). */
const cardPath = (pathname: string): string => `/api/public-pages/card.png?path=${encodeURIComponent(pathname)}`;

/** The oEmbed endpoint's URL for a page (the discovery link of an episode's head). */
const oembedUrl = (origin: string, pageUrl: string): string => `${origin}/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;

/** The head's tags (title first), every value escaped. */
export function headTags(head: PageHead, ctx: HeadContext): string {
  const title = head.title ? `${head.title} · ${ctx.siteName}` : ctx.siteName;
  const description = head.description || ctx.defaultDescription;
  const url = `${ctx.origin}${ctx.pathname}`;
  const image = absolute(ctx.origin, head.image ?? cardPath(ctx.pathname));
  const meta: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:title', head.title ?? ctx.siteName],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:type', head.type ?? 'website'],
    ['property', 'og:site_name', ctx.siteName],
    ['property', 'og:image', image],
    ['name', 'twitter:card', head.embed ? 'player' : 'summary_large_image'],
    ['name', 'twitter:title', head.title ?? ctx.siteName],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  if (head.audio) {
    meta.push(['property', 'og:audio', absolute(ctx.origin, head.audio.path)], ['property', 'og:audio:type', head.audio.type]);
  }
  if (head.embed) {
    meta.push(
      ['name', 'twitter:player', absolute(ctx.origin, head.embed.path)],
      ['name', 'twitter:player:width', String(head.embed.width)],
      ['name', 'twitter:player:height', String(head.embed.height)],
    );
  }
  if (head.noindex) meta.push(['name', 'robots', 'noindex']);
  const tags = [`<title>${escapeHtml(title)}</title>`, `<link rel="canonical" href="${escapeHtml(url)}">`];
  for (const [attribute, name, content] of meta) tags.push(`<meta ${attribute}="${name}" content="${escapeHtml(content)}">`);
  if (head.embed) {
    tags.push(`<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembedUrl(ctx.origin, url))}" title="${escapeHtml(head.title ?? ctx.siteName)}">`);
  }
  return tags.join('\n    ');
}

/**
 * The shell's index.html with these tags in place of its own title and description (which name
 * the product only): no script is touched, so the CSP's inline-script hashes still hold.
 */
export function withHead(html: string, tags: string): string {
  const bare = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  const at = bare.search(/<\/head>/i);
  return at >= 0 ? `${bare.slice(0, at)}  ${tags}\n  ${bare.slice(at)}` : `${tags}${bare}`;
}
