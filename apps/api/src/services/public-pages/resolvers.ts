import { PATHS, pathPattern, type PathId, type RemoteName } from '@vox/variant';
import type { FastifyInstance } from 'fastify';
import { podcastAudioPath } from '../podcast/context';
import { clip, type PageHead } from './head';

/** The player page an episode can be embedded by, and its size in an oEmbed answer by default. */
export const EMBED_EPISODE_PATH = '/embed/episode/:episodeId';
export const EMBED_SIZE = { width: 480, height: 152 } as const;
const embedPath = (episodeId: string) => EMBED_EPISODE_PATH.replace(':episodeId', encodeURIComponent(episodeId));

const photoPath = (photo: string | null) => (photo ? `/api/users/photo/${photo}` : undefined);

type Repo = FastifyInstance['publicPagesRepository'];

/**
 * A head for the paths of one route: from the route's parameters and the database, or null when
 * what it names is not public (or not there): the page then gets its site's generic head, and
 * nothing of the object. `remotes`: the sites the route's head applies on (all, without it).
 */
interface HeadResolver {
  route: PathId;
  remotes?: readonly RemoteName[];
  resolve(repo: Repo, param: string): Promise<PageHead | null | undefined>;
}

const CONTENT: Record<string, PageHead> = {
  scripts: { title: 'Scripts', description: 'Read scripts aloud with other voice actors: pick a script, take a role, and hold a table read.' },
  about: { title: 'About', description: 'VoxClub is where voice actors read and write scripts together, hold table reads and grow their craft.' },
  schoolAbout: { title: 'About', description: 'VoxClub School: drama classes that read, record and rehearse together, in the browser.' },
  guide: { title: 'Guide', description: 'How to write a script in Fountain, share it, and run a table read on VoxClub.' },
  faq: { title: 'FAQ', description: 'Answers to common questions about VoxClub: table reads, scripts, membership and accounts.' },
};

export const EPISODE_RESOLVER: HeadResolver = {
  route: 'episode',
  async resolve(repo, linkId) {
    const e = await repo.publishedEpisode(linkId);
    if (!e) return null;
    return {
      title: e.title,
      description: clip(e.notes) || `An episode of ${e.channel_title}.`,
      subtitle: e.channel_title,
      type: 'music.song',
      image: photoPath(e.cover),
      audio: { path: podcastAudioPath(e.audio_id, e.content_type), type: e.content_type },
      embed: { path: embedPath(e.id), ...EMBED_SIZE },
    };
  },
};

const RESOLVERS: readonly HeadResolver[] = [
  EPISODE_RESOLVER,
  {
    route: 'channel',
    async resolve(repo, channelId) {
      const c = await repo.channel(channelId);
      return c && { title: c.title, description: clip(c.description) || `A podcast by ${c.author}.`, subtitle: c.author, image: photoPath(c.cover) };
    },
  },
  {
    // A share link names the read's script, who invites and the role offered: nothing of the session.
    route: 'shareLink',
    async resolve(repo, linkId) {
      const link = await repo.readInvite(linkId);
      if (!link) return null;
      const inviter = link.inviter_name || (link.inviter_handle ? `@${link.inviter_handle}` : 'A member');
      const role = link.role_name ? ` as ${link.role_name}` : '';
      return { title: link.title, description: `${inviter} invites you to read “${link.title}”${role}.`, subtitle: `${inviter} invites you${role}`, image: photoPath(link.cover) };
    },
  },
  {
    route: 'member',
    async resolve(repo, handle) {
      const p = await repo.personByHandle(handle);
      return p && personHead(p);
    },
  },
  {
    route: 'profile',
    async resolve(repo, userId) {
      const p = await repo.personById(userId);
      return p && personHead(p);
    },
  },
  {
    route: 'event',
    async resolve(repo, eventId) {
      const e = await repo.event(eventId);
      const when = e && new Date(e.starts_at).toUTCString().replace(/:\d\d GMT$/, ' UTC');
      return e && { title: e.title, description: clip(e.description) || `An event on ${when}.`, subtitle: [when, e.place].filter(Boolean).join(' · ') };
    },
  },
  {
    route: 'certificate',
    async resolve(repo, certId) {
      const c = await repo.certificate(certId);
      return c && { title: `${c.recipient_name}: ${c.course}`, description: `Certificate of completion of ${c.course}, issued to ${c.recipient_name} by ${c.issuer_name}.`, subtitle: `Issued by ${c.issuer_name}`, type: 'article' };
    },
  },
  { route: 'scripts', remotes: ['main', 'school'], resolve: async () => CONTENT.scripts },
  { route: 'about', remotes: ['main', 'podcast'], resolve: async () => CONTENT.about },
  // The school site's own About, its front page for visitors.
  { route: 'about', remotes: ['school'], resolve: async () => CONTENT.schoolAbout },
  { route: 'guide', resolve: async () => CONTENT.guide },
  { route: 'faq', resolve: async () => CONTENT.faq },
  // The podcast site's home: its channels.
  { route: 'home', remotes: ['podcast'], resolve: async () => ({ title: 'Podcasts', description: 'Listen to podcasts made on VoxClub: channels, episodes and playlists.' }) },
];

function personHead(p: { name: string | null; handle: string | null; bio: string | null; photo: string | null }): PageHead {
  const name = p.name || (p.handle ? `@${p.handle}` : 'A member');
  return { title: name, description: clip(p.bio) || `${name} on VoxClub.`, subtitle: p.handle ? `@${p.handle}` : undefined, type: 'profile', image: photoPath(p.photo) };
}

/**
 * The resolver of a path on a site, with the path's one parameter (a route of ours has at most
 * one), matched as the shell matches routes (@vox/variant's pathPattern).
 */
export function resolverOf(pathname: string, remote: RemoteName): { resolver: HeadResolver; param: string } | undefined {
  for (const resolver of RESOLVERS) {
    if (resolver.remotes && !resolver.remotes.includes(remote)) continue;
    const pattern = PATHS[resolver.route];
    if (!pathPattern(pattern).test(pathname)) continue;
    const at = pattern.split('/').findIndex((part) => part.startsWith(':'));
    const raw = at >= 0 ? pathname.split('/')[at] : '';
    try {
      return { resolver, param: decodeURIComponent(raw) };
    } catch {
      return undefined; // a malformed escape names nothing
    }
  }
  return undefined;
}
