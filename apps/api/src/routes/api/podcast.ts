import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { PODCAST_LIMITS, PODCAST_MESSAGES } from '@vox/contract/schemas';
import { BadRequestError, NotFoundError, PayloadTooLargeError } from '../../domain-errors';
import type { EpisodeUpload } from '../../services/podcast/context';
import { IMMUTABLE, PRIVATE_IMMUTABLE, serveFile } from './content-addressed';
import { fromContract } from './from-contract';
import { asUploadError, fieldValue, readFilePart } from './script-uploads';

const tags = ['podcast'];
const EPISODE_FIELDS = ['title', 'notes', 'season', 'episode', 'publish', 'publishAt'] as const;

/** The episode upload: its text fields (sent first), then the file "audio" as a stream. */
async function readEpisodeUpload(request: FastifyRequest): Promise<EpisodeUpload> {
  const part = await readFilePart(request, 'audio', PODCAST_LIMITS.audioBytes);
  if (!part) throw new BadRequestError(PODCAST_MESSAGES.audioMissing);
  const fields: Record<string, string | undefined> = {};
  for (const name of EPISODE_FIELDS) fields[name] = fieldValue(part, name);
  if (fields.publish !== undefined && !['now', 'draft', 'scheduled'].includes(fields.publish)) {
    part.file.resume();
    throw new BadRequestError('publish must be now, draft or scheduled.');
  }
  for (const name of ['season', 'episode'] as const) {
    if (fields[name] && !/^[0-9]{1,6}$/.test(fields[name] as string)) {
      part.file.resume();
      throw new BadRequestError(`${name === 'season' ? 'The season' : 'The episode number'} must be a whole number.`);
    }
  }
  return {
    fields,
    file: part.file,
    unreadable: (err) => ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? new PayloadTooLargeError(PODCAST_MESSAGES.audioTooLarge) : asUploadError(err)),
  };
}

/** Open to anyone: channels, feeds, published episodes, audio, share links, public playlists, plays. */
export const podcastRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { podcast } = app;

  app.route({
    ...fromContract('podcastChannels', { tags, summary: 'Channels, newest first, with search and a category' }),
    handler: async (request) => podcast.channels(request.userId, request.query),
  });
  app.route({
    ...fromContract('podcastChannel', { tags, summary: 'A channel and its episodes' }),
    handler: async (request) => podcast.channel(request.userId, request.params.channelId),
  });
  app.route({
    ...fromContract('podcastFeed', { tags, summary: 'The channel’s RSS feed' }),
    handler: async (request, reply) => {
      const xml = await podcast.feed(request.params.channelId);
      return reply.type('application/rss+xml; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(xml);
    },
  });
  app.route({
    ...fromContract('podcastEpisode', { tags, summary: 'An episode with its channel and transcript' }),
    handler: async (request) => podcast.episode(request.userId, request.params.episodeId),
  });
  app.route({
    ...fromContract('podcastChapters', { tags, summary: 'An episode’s chapters (Podcasting 2.0 JSON chapters)' }),
    handler: async (request, reply) => reply.type('application/json+chapters').send(JSON.stringify(await podcast.chapters(request.params.episodeId))),
  });
  app.route({
    ...fromContract('podcastTranscript', { tags, summary: 'An episode’s transcript (WebVTT with speaker names)' }),
    handler: async (request, reply) => reply.type('text/vtt; charset=utf-8').send(await podcast.transcript(request.params.episodeId)),
  });
  app.route({
    ...fromContract('podcastAudio', { tags, summary: 'An episode’s audio, with range requests' }),
    handler: async (request, reply) => {
      const audio = await podcast.audio(request.params.audioId, request.query);
      if (!audio) throw new NotFoundError(PODCAST_MESSAGES.episodeNotFound);
      return serveFile(request, reply, {
        etag: `"${audio.key.slice('podcast/'.length)}"`,
        size: audio.byteSize,
        contentType: audio.contentType,
        // A draft's audio (opened by its owner's signed link) stays out of shared caches.
        cacheControl: audio.published ? IMMUTABLE : PRIVATE_IMMUTABLE,
        open: (range) => app.storage.get(audio.key, range),
        notFound: PODCAST_MESSAGES.episodeNotFound,
        rangeNotSatisfiable: PODCAST_MESSAGES.rangeNotSatisfiable,
      });
    },
  });
  app.route({
    ...fromContract('podcastPlay', { tags, summary: 'Count a play (once per listener, episode and day)', config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }),
    handler: async (request) => ({ counted: await podcast.play(request.userId, request.params.episodeId, request.body?.listener, request.ip) }),
  });
  app.route({
    ...fromContract('podcastSharedEpisode', { tags, summary: 'The episode a share link plays' }),
    handler: async (request) => podcast.shared(request.userId, request.params.linkId),
  });
  app.route({
    ...fromContract('podcastPlaylist', { tags, summary: 'A public playlist, or my own' }),
    handler: async (request) => podcast.playlist(request.userId, request.params.playlistId),
  });
};

/** Members only: creating and editing, following, favourites, playlists, positions, history. */
export const memberPodcastRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { podcast } = app;
  const me = (request: { user: { id: string } }) => request.user.id;

  app.route({
    ...fromContract('createPodcastChannel', { tags, summary: 'Create a channel' }),
    handler: async (request, reply) => reply.code(201).send(await podcast.createChannel(me(request), request.body)),
  });
  app.route({
    ...fromContract('updatePodcastChannel', { tags, summary: 'Edit my channel' }),
    handler: async (request) => podcast.updateChannel(me(request), request.params.channelId, request.body),
  });
  app.route({
    ...fromContract('uploadPodcastCover', { tags, summary: 'Set my channel’s cover', consumes: ['multipart/form-data'] }),
    handler: async (request) =>
      podcast.setCover(me(request), request.params.channelId, async () => {
        const part = await readFilePart(request, 'cover', 10 * 1024 * 1024);
        if (!part) return undefined;
        try {
          return await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError('The picture is larger than 10 MB.');
          throw asUploadError(err);
        }
      }),
  });
  app.route({
    ...fromContract('followPodcastChannel', { tags, summary: 'Follow a channel' }),
    handler: async (request) => podcast.follow(me(request), request.params.channelId, true),
  });
  app.route({
    ...fromContract('unfollowPodcastChannel', { tags, summary: 'Stop following a channel' }),
    handler: async (request) => podcast.follow(me(request), request.params.channelId, false),
  });
  app.route({
    ...fromContract('podcastChannelStats', { tags, summary: 'Plays per episode per day, last 30 days (owner)' }),
    handler: async (request) => podcast.stats(me(request), request.params.channelId),
  });
  app.route({
    ...fromContract('uploadPodcastEpisode', {
      tags,
      summary: 'Upload an episode',
      description: 'multipart/form-data: fields title, notes, season, episode, publish (now, draft, scheduled), publishAt, then the file "audio" (at most 200 MB; MP3, M4A, WAV, Ogg or WebM, recognised from the bytes).',
      consumes: ['multipart/form-data'],
    }),
    handler: async (request, reply) => reply.code(201).send(await podcast.upload(me(request), request.params.channelId, () => readEpisodeUpload(request))),
  });
  app.route({
    ...fromContract('updatePodcastEpisode', { tags, summary: 'Edit, schedule, publish or unpublish my episode' }),
    handler: async (request) => podcast.updateEpisode(me(request), request.params.episodeId, request.body),
  });
  app.route({
    ...fromContract('deletePodcastEpisode', { tags, summary: 'Delete my episode' }),
    handler: async (request, reply) => {
      await podcast.deleteEpisode(me(request), request.params.episodeId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...fromContract('podcastShareLinks', { tags, summary: 'My episode’s share links' }),
    handler: async (request) => ({ links: await podcast.shareLinks(me(request), request.params.episodeId) }),
  });
  app.route({
    ...fromContract('createPodcastShareLink', { tags, summary: 'A share link to an episode, optionally from a time' }),
    handler: async (request, reply) => reply.code(201).send(await podcast.createShareLink(me(request), request.params.episodeId, request.body?.startSeconds ?? null)),
  });
  app.route({
    ...fromContract('revokePodcastShareLink', { tags, summary: 'Revoke a share link' }),
    handler: async (request) => podcast.revokeShareLink(me(request), request.params.linkId),
  });
  app.route({
    ...fromContract('podcastHome', { tags, summary: 'My home: new episodes, continue listening, favourites, playlists' }),
    handler: async (request) => podcast.home(me(request)),
  });
  app.route({
    ...fromContract('podcastFavorites', { tags, summary: 'My favourite episodes' }),
    handler: async (request) => ({ episodes: await podcast.favorites(me(request)) }),
  });
  app.route({
    ...fromContract('favoritePodcastEpisode', { tags, summary: 'Add an episode to my favourites' }),
    handler: async (request) => podcast.favorite(me(request), request.params.episodeId, true),
  });
  app.route({
    ...fromContract('unfavoritePodcastEpisode', { tags, summary: 'Remove an episode from my favourites' }),
    handler: async (request) => podcast.favorite(me(request), request.params.episodeId, false),
  });
  app.route({
    ...fromContract('myPodcastPlaylists', { tags, summary: 'My playlists' }),
    handler: async (request) => podcast.playlists(me(request)),
  });
  app.route({
    ...fromContract('createPodcastPlaylist', { tags, summary: 'Create a playlist' }),
    handler: async (request, reply) => reply.code(201).send(await podcast.createPlaylist(me(request), request.body)),
  });
  app.route({
    ...fromContract('updatePodcastPlaylist', { tags, summary: 'Rename, share, reorder or remove episodes' }),
    handler: async (request) => podcast.updatePlaylist(me(request), request.params.playlistId, request.body),
  });
  app.route({
    ...fromContract('deletePodcastPlaylist', { tags, summary: 'Delete a playlist' }),
    handler: async (request, reply) => {
      await podcast.deletePlaylist(me(request), request.params.playlistId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...fromContract('addToPodcastPlaylist', { tags, summary: 'Add an episode at the end of a playlist' }),
    handler: async (request) => podcast.addToPlaylist(me(request), request.params.playlistId, request.body.episodeId),
  });
  app.route({
    ...fromContract('savePodcastPosition', { tags, summary: 'Where I am in an episode' }),
    handler: async (request) => podcast.savePosition(me(request), request.params.episodeId, request.body.positionMs),
  });
  app.route({
    ...fromContract('podcastHistory', { tags, summary: 'What I listened to, last first, with progress' }),
    handler: async (request) => podcast.history(me(request)),
  });
};
