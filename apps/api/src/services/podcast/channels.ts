import {
  PODCAST_MESSAGES as M,
  displayName,
  type Channel,
  type ChannelDetail,
  type ChannelInput,
  type ChannelList,
  type ChannelStats,
  type ChannelUpdate,
} from '@vox/contract/schemas';
import { BadRequestError, UnsupportedMediaTypeError } from '../../domain-errors';
import { toCoverPicture } from '../../repositories/covers';
import { peopleById } from '../../repositories/people';
import type { ChannelRow } from '../../repositories/podcast';
import { buildFeed, type FeedEpisode } from './podcast-feed';
import type { PodcastContext } from './context';

/** Channels: listing, reading, owning and following them, their stats and RSS feed. */
export interface ChannelsService {
  channels(viewer: string | null, query: { q?: string; category?: string }): Promise<ChannelList>;
  channel(viewer: string | null, channelId: string): Promise<ChannelDetail>;
  createChannel(me: string, input: ChannelInput): Promise<Channel>;
  updateChannel(me: string, channelId: string, input: ChannelUpdate): Promise<Channel>;
  setCover(me: string, channelId: string, readPicture: () => Promise<Buffer | undefined>): Promise<Channel>;
  follow(me: string, channelId: string, follow: boolean): Promise<ChannelDetail>;
  stats(me: string, channelId: string, today?: Date): Promise<ChannelStats>;
  feed(channelId: string): Promise<string>;
}

export function channelsService(ctx: PodcastContext): ChannelsService {
  const { app, repo, photos, abs, podcastSite, channelNotFound, shapeChannels, shapeChannel, shapeEpisodes, ownedChannel, channelDetail, checkedChannelInput } = ctx;
  return {
    async channels(_viewer, { q, category }) {
      const rows = await repo.listChannels({ q: q?.trim() || undefined, category: category || undefined });
      return { channels: await shapeChannels(rows), categories: await repo.categoriesInUse() };
    },

    async channel(viewer, channelId) {
      const channel = await repo.findChannel(channelId);
      if (!channel) throw channelNotFound();
      return channelDetail(viewer, channel);
    },

    async createChannel(me, input) {
      // Without an author given, the owner's own name; a member without one must name it, so no
      // feed ever shows a channel by nobody.
      const checked = checkedChannelInput({ ...input, author: input.author ?? (await peopleById(app.db, [me])).get(me)?.name ?? '' });
      const row = await repo.insertChannel({
        owner_id: me,
        author: checked.author ?? '',
        title: checked.title,
        description: checked.description,
        category: checked.category,
        language: checked.language,
        explicit: checked.explicit ? 1 : 0,
      });
      return shapeChannel(row);
    },

    async updateChannel(me, channelId, input) {
      const channel = await ownedChannel(me, channelId);
      const checked = checkedChannelInput(input);
      const { explicit, ...rest } = checked;
      await repo.updateChannel(channel.id, { ...rest, ...(explicit === undefined ? {} : { explicit: explicit ? 1 : 0 }) });
      return shapeChannel((await repo.findChannel(channel.id)) as ChannelRow);
    },

    async setCover(me, channelId, readPicture) {
      const channel = await ownedChannel(me, channelId);
      const bytes = await readPicture();
      if (!bytes) throw new BadRequestError(M.coverMissing);
      const picture = await toCoverPicture(bytes);
      if (!picture) throw new UnsupportedMediaTypeError('This file is not a picture we can show. Please upload PNG, JPEG, GIF or WebP.');
      await repo.updateChannel(channel.id, { cover: await photos.savePhoto(picture, 'image/webp') });
      return shapeChannel((await repo.findChannel(channel.id)) as ChannelRow);
    },

    async follow(me, channelId, follow) {
      const channel = await repo.findChannel(channelId);
      if (!channel) throw channelNotFound();
      await repo.setFollow(me, channel.id, follow);
      return channelDetail(me, channel);
    },

    async stats(me, channelId, today = new Date()) {
      const channel = await ownedChannel(me, channelId);
      const days = Array.from({ length: 30 }, (_, i) => new Date(today.getTime() - (29 - i) * 86_400_000).toISOString().slice(0, 10));
      const rows = await repo.playsPerDay(channel.id, days[0]);
      const episodes = await repo.channelEpisodes(channel.id, true);
      return {
        days,
        episodes: episodes.map((e) => {
          const plays = days.map((day) => rows.find((r) => r.episode_id === e.id && r.day === day)?.n ?? 0);
          return { episodeId: e.id, title: e.title, plays, total: plays.reduce((a, b) => a + b, 0) };
        }),
      };
    },

    async feed(channelId) {
      const channel = await repo.findChannel(channelId);
      if (!channel) throw channelNotFound();
      const shaped = await shapeChannel(channel);
      const rows = await repo.channelEpisodes(channel.id, false);
      const episodes = await shapeEpisodes(rows, null);
      const feedEpisodes: FeedEpisode[] = episodes.map((e, i) => ({
        ...e,
        enclosureUrl: abs(e.audioUrl),
        pageUrl: podcastSite(`/podcast-ep/${e.id}`),
        chaptersUrl: e.chapters.length ? abs(`/api/podcast/episodes/${e.id}/chapters.json`) : null,
        transcriptUrl: rows[i].transcript ? abs(`/api/podcast/episodes/${e.id}/transcript.vtt`) : null,
      }));
      return buildFeed(
        { ...shaped, pageUrl: podcastSite(`/channel/${channel.id}`), author: shaped.author || displayName(shaped.owner), imageUrl: shaped.cover ? abs(shaped.cover) : null },
        feedEpisodes,
      );
    },
  };
}
