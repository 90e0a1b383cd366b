import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { channelsService, type ChannelsService } from './channels';
import { episodesService, type EpisodesService } from './episodes';
import { listeningService, type ListeningService } from './listening';
import { playlistsService, type PlaylistsService } from './playlists';
import { createPodcastContext } from './context';
import { every } from '../../plugins/app/every';

declare module 'fastify' {
  interface FastifyInstance {
    podcast: PodcastService;
  }
}

/** The job that publishes scheduled episodes whose time has come. */
export const PUBLISH_DUE_JOB = 'podcast.publish-due';

/**
 * The podcast variant. Channels belong to their owner, who alone uploads, edits,
 * schedules and unpublishes episodes and sees the stats; anyone may list and read channels and
 * published episodes (the owner also sees drafts and scheduled ones; to anyone else those are
 * "not found"). Audio is content-addressed under `podcast/<sha256>` and served with ranges.
 */
type PodcastService = ChannelsService & EpisodesService & ListeningService & PlaylistsService;

async function podcast(app: FastifyInstance, { config }: { config: Config }) {
  const ctx = createPodcastContext(app, config);
  const playlists = playlistsService(ctx);
  const service: PodcastService = { ...channelsService(ctx), ...episodesService(ctx), ...listeningService(ctx, playlists), ...playlists };

  app.decorate('podcast', service);

  // Scheduled episodes: a job publishes what is due; a timer enqueues it once a minute (one job
  // per minute across instances, by its key) and once at start.
  await app.jobs.define(PUBLISH_DUE_JOB, async () => {
    const published = await service.publishDue();
    if (published.length) app.log.info({ published }, 'published scheduled podcast episodes');
  });
  const tick = () => app.jobs.enqueue(PUBLISH_DUE_JOB, {}, { key: `due-${new Date().toISOString().slice(0, 16)}` });
  every(app, tick, { what: 'enqueueing the podcast publish job', ms: 60_000, atStart: 'start' });
}

export default fp(podcast, { name: 'podcast', dependencies: ['podcast-repository', 'storage', 'jobs', 'file-links'] });
