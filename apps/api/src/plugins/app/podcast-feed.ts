import { create } from 'xmlbuilder2';
import type { Channel, Episode } from '@vox/contract/schemas';

/**
 * The channel's RSS 2.0 feed (issue 16) with the iTunes namespace (what Apple Podcasts and most
 * apps read) and the Podcasting 2.0 namespace (`podcast:chapters`, `podcast:transcript`, `podcast:guid`).
 * Built with xmlbuilder2, which escapes every text and attribute, so no title can break the XML.
 * Pure: the service hands in the channel and its published episodes with absolute URLs.
 */
export interface FeedEpisode extends Episode {
  /** Absolute URLs for the feed. */
  enclosureUrl: string;
  pageUrl: string;
  chaptersUrl: string | null;
  transcriptUrl: string | null;
}

export interface FeedChannel extends Channel {
  pageUrl: string;
  ownerName: string;
  /** Absolute cover URL, or null. */
  imageUrl: string | null;
}

const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
const PODCAST = 'https://podcastindex.org/namespace/1.0';
const ATOM = 'http://www.w3.org/2005/Atom';
const CONTENT = 'http://purl.org/rss/1.0/modules/content/';

/** HH:MM:SS, as itunes:duration is most widely read. */
export function feedDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** The RFC 822 date RSS asks for (toUTCString writes exactly that form, in GMT). */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

export function buildFeed(channel: FeedChannel, episodes: FeedEpisode[]): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const rss = doc.ele('rss', {
    version: '2.0',
    'xmlns:itunes': ITUNES,
    'xmlns:podcast': PODCAST,
    'xmlns:atom': ATOM,
    'xmlns:content': CONTENT,
  });
  const ch = rss.ele('channel');
  ch.ele('title').txt(channel.title);
  ch.ele('link').txt(channel.pageUrl);
  ch.ele('atom:link', { href: channel.feedUrl, rel: 'self', type: 'application/rss+xml' });
  ch.ele('description').txt(channel.description || channel.title);
  ch.ele('language').txt(channel.language);
  ch.ele('generator').txt('VoxClub');
  ch.ele('podcast:guid').txt(channel.id);
  ch.ele('itunes:author').txt(channel.ownerName);
  ch.ele('itunes:summary').txt(channel.description || channel.title);
  ch.ele('itunes:type').txt('episodic');
  ch.ele('itunes:owner').ele('itunes:name').txt(channel.ownerName);
  ch.ele('itunes:explicit').txt(channel.explicit ? 'true' : 'false');
  ch.ele('itunes:category', { text: channel.category });
  if (channel.imageUrl) {
    ch.ele('itunes:image', { href: channel.imageUrl });
    const image = ch.ele('image');
    image.ele('url').txt(channel.imageUrl);
    image.ele('title').txt(channel.title);
    image.ele('link').txt(channel.pageUrl);
  }
  const newest = episodes[0]?.publishedAt;
  if (newest) ch.ele('lastBuildDate').txt(rfc822(newest));
  for (const episode of episodes) {
    const item = ch.ele('item');
    item.ele('title').txt(episode.title);
    item.ele('itunes:title').txt(episode.title);
    item.ele('description').txt(episode.notes || episode.title);
    item.ele('content:encoded').dat(episode.notes || episode.title);
    item.ele('link').txt(episode.pageUrl);
    item.ele('guid', { isPermaLink: 'false' }).txt(episode.id);
    if (episode.publishedAt) item.ele('pubDate').txt(rfc822(episode.publishedAt));
    item.ele('enclosure', { url: episode.enclosureUrl, length: String(episode.byteSize), type: episode.contentType });
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
    if (channel.imageUrl) item.ele('itunes:image', { href: channel.imageUrl });
    if (episode.chaptersUrl) item.ele('podcast:chapters', { url: episode.chaptersUrl, type: 'application/json+chapters' });
    if (episode.transcriptUrl) item.ele('podcast:transcript', { url: episode.transcriptUrl, type: 'text/vtt', language: channel.language, rel: 'captions' });
  }
  return doc.end({ prettyPrint: true });
}
