import type { Episode, PodcastHistory, PodcastHome, Position } from '@vox/contract/schemas';
import type { PlaylistsService } from './playlists';
import type { PodcastContext } from './context';

/** A listener's own: favorites, positions, history and the home page. */
export interface ListeningService {
  favorite(me: string, episodeId: string, favorite: boolean): Promise<Episode>;
  favorites(me: string): Promise<Episode[]>;
  savePosition(me: string, episodeId: string, positionMs: number): Promise<Position>;
  history(me: string): Promise<PodcastHistory>;
  home(me: string): Promise<PodcastHome>;
}

export function listeningService(ctx: PodcastContext, playlistsPart: PlaylistsService): ListeningService {
  const { repo, shapeChannels, shapeEpisodes, shapeEpisode, visibleEpisode, visibleInOrder } = ctx;
  const listening: ListeningService = {
    async favorite(me, episodeId, favorite) {
      const { episode } = await visibleEpisode(me, episodeId);
      await repo.setFavorite(me, episode.id, favorite);
      return shapeEpisode(episode, me);
    },

    async favorites(me) {
      const ids = await repo.favoriteIds(me);
      return visibleInOrder(me, ids);
    },

    async savePosition(me, episodeId, positionMs) {
      const { episode } = await visibleEpisode(me, episodeId);
      const clamped = Math.min(positionMs, Number(episode.duration_ms));
      const updatedAt = await repo.savePosition(me, episode.id, clamped);
      return { episodeId: episode.id, positionMs: clamped, updatedAt };
    },

    async history(me) {
      const rows = await repo.positionsOf(me);
      const episodes = new Map((await visibleInOrder(me, rows.map((r) => r.episode_id))).map((e) => [e.id, e]));
      return {
        entries: rows
          .filter((r) => episodes.has(r.episode_id))
          .map((r) => ({ episode: episodes.get(r.episode_id) as Episode, positionMs: Number(r.position_ms), listenedAt: r.updated_at })),
      };
    },

    async home(me) {
      const followed = await repo.followedChannelIds(me);
      const [newEpisodes, history, favorites, playlists, following, mine] = await Promise.all([
        repo.latestEpisodes(followed, 20).then((rows) => shapeEpisodes(rows, me)),
        listening.history(me),
        listening.favorites(me),
        playlistsPart.playlists(me),
        repo.listChannels({ ids: followed }).then(shapeChannels),
        repo.listChannels({ ownerId: me }).then(shapeChannels),
      ]);
      // Started and not finished (more than 30 s left).
      const continueListening = history.entries.filter((e) => e.positionMs > 0 && e.positionMs < e.episode.durationMs - 30_000).slice(0, 10);
      return { newEpisodes, continueListening, favorites: favorites.slice(0, 20), playlists: playlists.playlists, following, myChannels: mine };
    },
  };
  return listening;
}
