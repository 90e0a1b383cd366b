import { PODCAST_LIMITS, PODCAST_MESSAGES as M, type Playlist, type PlaylistInput, type PlaylistList, type PlaylistUpdate } from '@vox/contract/schemas';
import { BadRequestError, ConflictError, NotFoundError } from '../../domain-errors';
import type { PlaylistRow } from '../../repositories/podcast';
import type { PodcastContext } from './context';

/** Playlists: a member's own, public ones readable by anyone. */
export interface PlaylistsService {
  playlists(me: string): Promise<PlaylistList>;
  playlist(viewer: string | null, playlistId: string): Promise<Playlist>;
  createPlaylist(me: string, input: PlaylistInput): Promise<Playlist>;
  updatePlaylist(me: string, playlistId: string, input: PlaylistUpdate): Promise<Playlist>;
  deletePlaylist(me: string, playlistId: string): Promise<void>;
  addToPlaylist(me: string, playlistId: string, episodeId: string): Promise<Playlist>;
}

export function playlistsService(ctx: PodcastContext): PlaylistsService {
  const { repo, visibleEpisode, shapePlaylists, ownedPlaylist, playlistAnswer } = ctx;
  return {
    async playlists(me) {
      return { playlists: await shapePlaylists(await repo.playlistsOf(me), me, false) };
    },

    async playlist(viewer, playlistId) {
      const row = await repo.findPlaylist(playlistId);
      if (!row || (row.owner_id !== viewer && !Number(row.public))) throw new NotFoundError(M.playlistNotFound);
      return playlistAnswer(row, viewer);
    },

    async createPlaylist(me, input) {
      const title = input.title.trim();
      if (!title) throw new BadRequestError(M.titleMissing);
      if (await repo.playlistTitled(me, title)) throw new ConflictError(M.playlistNameTaken);
      return playlistAnswer(await repo.insertPlaylist(me, title, input.public ?? false), me);
    },

    async updatePlaylist(me, playlistId, input) {
      const row = await ownedPlaylist(me, playlistId);
      const changes: { title?: string; public?: number } = {};
      if (input.title !== undefined) {
        changes.title = input.title.trim();
        if (!changes.title) throw new BadRequestError(M.titleMissing);
        const named = await repo.playlistTitled(me, changes.title);
        if (named && named.id !== row.id) throw new ConflictError(M.playlistNameTaken);
      }
      if (input.public !== undefined) changes.public = input.public ? 1 : 0;
      if (input.episodeIds !== undefined) {
        const current = new Set(await repo.playlistEpisodeIds(row.id));
        const next = input.episodeIds;
        if (new Set(next).size !== next.length || next.some((id) => !current.has(id))) throw new BadRequestError(M.badOrder);
        await repo.reorderPlaylist(row.id, next);
      }
      if (changes.title !== undefined || changes.public !== undefined) await repo.updatePlaylist(row.id, changes);
      return playlistAnswer((await repo.findPlaylist(row.id)) as PlaylistRow, me);
    },

    async deletePlaylist(me, playlistId) {
      const row = await ownedPlaylist(me, playlistId);
      await repo.deletePlaylist(row.id);
    },

    async addToPlaylist(me, playlistId, episodeId) {
      const row = await ownedPlaylist(me, playlistId);
      const { episode } = await visibleEpisode(me, episodeId);
      if ((await repo.playlistEpisodeIds(row.id)).length >= PODCAST_LIMITS.playlistItems) throw new BadRequestError(M.playlistFull);
      if (!(await repo.appendToPlaylist(row.id, episode.id))) throw new ConflictError(M.duplicateEpisode);
      return playlistAnswer((await repo.findPlaylist(row.id)) as PlaylistRow, me);
    },
  };
}
