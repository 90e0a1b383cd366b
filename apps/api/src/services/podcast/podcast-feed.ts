import { create } from 'xmlbuilder2';
import type { Channel, Episode } from '@vox/contract/schemas';

/**
 * The channel's RSS 2.0 feed with the iTunes namespace (what Apple Podcasts and most apps read)
 * and the Podcasting 2.0 namespace (`podcast:chapters`, `podcast:transcript`, `podcast:guid`).
 * Built with xmlbuilder2, whose escaping (completed by `text` below) keeps every typed text text;
 * members' texts go in as text only (no CDATA section, which a `]]>` in them would end), and the
 * characters XML 1.0 forbids (NUL, BEL and the other C0 controls but tab and line ends, U+FFFE,
 * U+FFFF, lone surrogates) are dropped, as no XML may carry them even escaped.
 * Pure: the service hands in the channel and its published episodes with absolute URLs.
 */
export interface FeedEpisode extends Episode {
  /** Absolute URLs for the feed. */
  enclosureUrl: string;
  pageUrl: string;
  chaptersUrl: string | null;
  transcriptUrl: string | null;
}

interface FeedChannel extends Channel {
  pageUrl: string;
  /** Absolute cover URL, or null. */
  imageUrl: string | null;
}

const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
const PODCAST = 'https://podcastindex.org/namespace/1.0';
const ATOM = 'http://www.w3.org/2005/Atom';
const CONTENT = 'http://purl.org/rss/1.0/modules/content/';

/** HH:MM:SS, as itunes:duration is most widely read. */
function feedDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** The RFC 822 date RSS asks for (toUTCString writes exactly that form, in GMT). */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

/** Drops what XML forbids (see above) from every text and attribute value. */
const XML_OPTIONS = { invalidCharReplacement: '' };

/**
 * xmlbuilder2 escapes `<` and `>` but leaves an `&` that starts something entity-like as it is
 * (`&lt;`, `&nbsp;`), which would turn typed text into markup or into an undefined entity that
 * breaks the XML. Every `&` is escaped here first; the `&amp;` it makes is one xmlbuilder2 keeps.
 */
const text = (value: string) => value.replace(/&/g, '&amp;');
const attributes = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, text(value)]));

/**
 * Show notes as the HTML `content:encoded` carries: one paragraph per blank-line-separated block,
 * line breaks kept. Built as XHTML by xmlbuilder2, so markup in the notes stays text.
 */
function notesHtml(notes: string): string {
  return notes
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const p = create(XML_OPTIONS).ele('p');
      block.split('\n').forEach((line, i) => {
        if (i > 0) p.ele('br');
        p.txt(text(line));
      });
      return p.end({ headless: true });
    })
    .join('\n');
}

export function buildFeed(channel: FeedChannel, episodes: FeedEpisode[]): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8', ...XML_OPTIONS });
  const rss = doc.ele('rss', {
    version: '2.0',
    'xmlns:itunes': ITUNES,
    'xmlns:podcast': PODCAST,
    'xmlns:atom': ATOM,
    'xmlns:content': CONTENT,
  });
  const ch = rss.ele('channel');
  ch.ele('title').txt(text(channel.title));
  ch.ele('link').txt(text(channel.pageUrl));
  ch.ele('atom:link', attributes({ href: channel.feedUrl, rel: 'self', type: 'application/rss+xml' }));
  ch.ele('description').txt(text(channel.description || channel.title));
  ch.ele('language').txt(channel.language);
  ch.ele('generator').txt('VoxClub');
  ch.ele('podcast:guid').txt(channel.id);
  ch.ele('itunes:author').txt(text(channel.author));
  ch.ele('itunes:summary').txt(text(channel.description || channel.title));
  ch.ele('itunes:type').txt('episodic');
  ch.ele('itunes:owner').ele('itunes:name').txt(text(channel.author));
  ch.ele('itunes:explicit').txt(channel.explicit ? 'true' : 'false');
  ch.ele('itunes:category', attributes({ text: channel.category }));
  if (channel.imageUrl) {
    ch.ele('itunes:image', attributes({ href: channel.imageUrl }));
    const image = ch.ele('image');
    image.ele('url').txt(text(channel.imageUrl));
    image.ele('title').txt(text(channel.title));
    image.ele('link').txt(text(channel.pageUrl));
  }
  const newest = episodes[0]?.publishedAt;
  if (newest) ch.ele('lastBuildDate').txt(rfc822(newest));
  for (const episode of episodes) {
    const item = ch.ele('item');
    item.ele('title').txt(text(episode.title));
    item.ele('itunes:title').txt(text(episode.title));
    item.ele('description').txt(text(episode.notes || episode.title));
    item.ele('content:encoded').txt(text(notesHtml(episode.notes || episode.title)));
    item.ele('link').txt(text(episode.pageUrl));
    item.ele('guid', { isPermaLink: 'false' }).txt(episode.id);
    if (episode.publishedAt) item.ele('pubDate').txt(rfc822(episode.publishedAt));
    item.ele('enclosure', attributes({ url: episode.enclosureUrl, length: String(episode.byteSize), type: episode.contentType }));
    item.ele('itunes:duration').txt(feedDuration(episode.durationMs));
    item.ele('itunes:episodeType').txt('full');
    item.ele('itunes:explicit').txt(channel.explicit ? 'true' : 'false');
    if (episode.season !== null) {
      item.ele('itunes:season').txt(String(episode.season));
      item.ele('podcast:season').txt(String(episode.season));
    }
    if (episode.episode !== null) {
      item.ele('itunes:episode').txt(String(episode.episode));
      item.ele('podcast:episode').txt(String(episode.episode));
    }
    if (channel.imageUrl) item.ele('itunes:image', attributes({ href: channel.imageUrl }));
    if (episode.chaptersUrl) item.ele('podcast:chapters', attributes({ url: episode.chaptersUrl, type: 'application/json+chapters' }));
    if (episode.transcriptUrl) item.ele('podcast:transcript', attributes({ url: episode.transcriptUrl, type: 'text/vtt', language: channel.language, rel: 'captions' }));
  }
  return doc.end({ prettyPrint: true });
}
