import { sql } from 'kysely';
import type { Db } from '../db/database';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * What the public pages' heads, embeds and sitemaps read: only what anyone may see (a published
 * episode, a live share link, an unrevoked certificate, a public script). Each look-up is one
 * query by primary key (or a unique column), so a page's head costs one round trip.
 */

/** A published episode by its own id or by a live podcast share link, with its channel. */
async function publishedEpisode(db: Db, idOrLink: string) {
  const base = db
    .selectFrom('podcast_episodes as e')
    .innerJoin('podcast_channels as c', 'c.id', 'e.channel_id')
    .select(['e.id', 'e.title', 'e.notes', 'e.audio_id', 'e.content_type', 'e.duration_ms', 'e.published_at', 'c.id as channel_id', 'c.title as channel_title', 'c.cover'])
    .where('e.status', '=', 'published');
  const byId = await base.where('e.id', '=', idOrLink).executeTakeFirst();
  if (byId) return byId;
  return base
    .innerJoin('podcast_share_links as l', 'l.episode_id', 'e.id')
    .where('l.id', '=', idOrLink)
    .where('l.revoked_at', 'is', null)
    .executeTakeFirst();
}

async function channel(db: Db, channelId: string) {
  return db.selectFrom('podcast_channels').select(['id', 'title', 'description', 'cover', 'author']).where('id', '=', channelId).executeTakeFirst();
}

/** A live reading-session share link: the script's title, who invites, and the role offered. */
async function readInvite(db: Db, linkId: string) {
  return db
    .selectFrom('share_links as l')
    .innerJoin('reading_sessions as r', 'r.id', 'l.session_id')
    .innerJoin('scripts as s', 's.id', 'r.script_id')
    .leftJoin('users as u', 'u.id', 'l.created_by')
    .select(['s.title', 's.cover', 'l.role_name', 'u.name as inviter_name', 'u.handle as inviter_handle'])
    .where('l.id', '=', linkId)
    .where('l.revoked_at', 'is', null)
    .executeTakeFirst();
}

const PERSON = ['id', 'name', 'handle', 'bio', 'photo'] as const;

/** By handle in any case, an @ in front allowed (the lower(handle) index). */
async function personByHandle(db: Db, handle: string) {
  return db.selectFrom('users').select(PERSON).where(sql<string>`lower(handle)`, '=', handle.replace(/^@/, '').toLowerCase()).executeTakeFirst();
}

async function personById(db: Db, userId: string) {
  return db.selectFrom('users').select(PERSON).where('id', '=', userId).executeTakeFirst();
}

async function event(db: Db, eventId: string) {
  return db.selectFrom('events').select(['id', 'title', 'description', 'starts_at', 'place']).where('id', '=', eventId).executeTakeFirst();
}

async function certificate(db: Db, certId: string) {
  return db
    .selectFrom('certificates')
    .select(['id', 'recipient_name', 'course', 'issuer_name', 'issued_at'])
    .where('id', '=', certId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** At most this many rows of each kind in a sitemap (the format allows 50,000 URLs a file). */
const SITEMAP_ROWS = 5000;

async function sitemapChannels(db: Db) {
  return db.selectFrom('podcast_channels').select(['id', 'updated_at']).orderBy('updated_at', 'desc').limit(SITEMAP_ROWS).execute();
}

async function sitemapEpisodes(db: Db) {
  return db
    .selectFrom('podcast_episodes')
    .select(['id', 'updated_at'])
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .limit(SITEMAP_ROWS)
    .execute();
}

async function sitemapEvents(db: Db) {
  return db.selectFrom('events').select(['id', 'updated_at']).orderBy('starts_at', 'desc').limit(SITEMAP_ROWS).execute();
}

async function sitemapScripts(db: Db) {
  return db.selectFrom('scripts').select(['id', 'updated_at']).where('visibility', '=', 'public').orderBy('updated_at', 'desc').limit(SITEMAP_ROWS).execute();
}

const queries = { publishedEpisode, channel, readInvite, personByHandle, personById, event, certificate, sitemapChannels, sitemapEpisodes, sitemapEvents, sitemapScripts };

declare module 'fastify' {
  interface FastifyInstance {
    publicPagesRepository: Repository<typeof queries>;
  }
}

export default repositoryPlugin('publicPagesRepository', 'public-pages-repository', queries);
