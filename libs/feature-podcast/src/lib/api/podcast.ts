import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import type { ChannelInput, ChannelUpdate, EpisodeUpdate, PlaylistUpdate } from '@vox/contract';
import { podcastEndpoints } from '@vox/contract/podcast';

/** React Query keys of the podcast area; a change invalidates `all` (the lists are small). */
const podcastKeys = {
  all: ['podcast'] as const,
  channels: (q: string, category: string) => ['podcast', 'channels', q, category] as const,
  channel: (id: string, viewer: string | null) => ['podcast', 'channel', id, viewer] as const,
  shared: (id: string, viewer: string | null) => ['podcast', 'shared', id, viewer] as const,
  home: (viewer: string) => ['podcast', 'home', viewer] as const,
  favorites: (viewer: string) => ['podcast', 'favorites', viewer] as const,
  history: (viewer: string) => ['podcast', 'history', viewer] as const,
  playlists: (viewer: string) => ['podcast', 'playlists', viewer] as const,
  playlist: (id: string, viewer: string | null) => ['podcast', 'playlist', id, viewer] as const,
  stats: (id: string) => ['podcast', 'stats', id] as const,
  links: (id: string) => ['podcast', 'links', id] as const,
};

const useViewerId = () => useUser()?.id ?? null;

export function useChannels(q: string, category: string) {
  return useQuery({
    queryKey: podcastKeys.channels(q, category),
    queryFn: () => api.call(podcastEndpoints.podcastChannels, { query: { ...(q ? { q } : {}), ...(category ? { category } : {}) } }),
  });
}

export function useChannel(channelId: string) {
  const viewer = useViewerId();
  return useQuery({ queryKey: podcastKeys.channel(channelId, viewer), queryFn: () => api.call(podcastEndpoints.podcastChannel, { params: { channelId } }) });
}

export function useSharedEpisode(linkId: string) {
  const viewer = useViewerId();
  return useQuery({ queryKey: podcastKeys.shared(linkId, viewer), queryFn: () => api.call(podcastEndpoints.podcastSharedEpisode, { params: { linkId } }) });
}

export function useHome() {
  const viewer = useViewerId() ?? '';
  return useQuery({ queryKey: podcastKeys.home(viewer), queryFn: () => api.call(podcastEndpoints.podcastHome), enabled: Boolean(viewer) });
}

export function useFavorites() {
  const viewer = useViewerId() ?? '';
  return useQuery({ queryKey: podcastKeys.favorites(viewer), queryFn: () => api.call(podcastEndpoints.podcastFavorites), enabled: Boolean(viewer) });
}

export function useHistory() {
  const viewer = useViewerId() ?? '';
  return useQuery({ queryKey: podcastKeys.history(viewer), queryFn: () => api.call(podcastEndpoints.podcastHistory), enabled: Boolean(viewer) });
}

export function useMyPlaylists() {
  const viewer = useViewerId() ?? '';
  return useQuery({ queryKey: podcastKeys.playlists(viewer), queryFn: () => api.call(podcastEndpoints.myPodcastPlaylists), enabled: Boolean(viewer) });
}

export function usePlaylist(playlistId: string) {
  const viewer = useViewerId();
  return useQuery({ queryKey: podcastKeys.playlist(playlistId, viewer), queryFn: () => api.call(podcastEndpoints.podcastPlaylist, { params: { playlistId } }) });
}

export function useChannelStats(channelId: string, enabled: boolean) {
  return useQuery({ queryKey: podcastKeys.stats(channelId), queryFn: () => api.call(podcastEndpoints.podcastChannelStats, { params: { channelId } }), enabled });
}

export function useShareLinks(episodeId: string, enabled: boolean) {
  return useQuery({ queryKey: podcastKeys.links(episodeId), queryFn: () => api.call(podcastEndpoints.podcastShareLinks, { params: { episodeId } }), enabled });
}

/** Every podcast change: refresh what is on screen. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: podcastKeys.all });
}

export function useCreateChannel() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: ChannelInput) => api.call(podcastEndpoints.createPodcastChannel, { body }), onSuccess: refresh });
}

export function useUpdateChannel(channelId: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: ChannelUpdate) => api.call(podcastEndpoints.updatePodcastChannel, { params: { channelId }, body }), onSuccess: refresh });
}

export function useUploadCover(channelId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('cover', file);
      return api.call(podcastEndpoints.uploadPodcastCover, { params: { channelId }, body: form as never, onProgress: () => undefined });
    },
    onSuccess: refresh,
  });
}

export function useFollow(channelId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (follow: boolean) => api.call(follow ? podcastEndpoints.followPodcastChannel : podcastEndpoints.unfollowPodcastChannel, { params: { channelId } }),
    onSuccess: refresh,
  });
}

interface EpisodeUploadInput {
  title: string;
  notes: string;
  season: string;
  episode: string;
  publish: 'now' | 'draft' | 'scheduled';
  publishAt: string;
  file: File;
}

/** The upload with progress (XMLHttpRequest under api.call): text fields first, then the file. */
export function useUploadEpisode(channelId: string, onProgress: (fraction: number) => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: EpisodeUploadInput) => {
      const form = new FormData();
      form.append('title', input.title);
      form.append('notes', input.notes);
      if (input.season) form.append('season', input.season);
      if (input.episode) form.append('episode', input.episode);
      form.append('publish', input.publish);
      if (input.publish === 'scheduled' && input.publishAt) form.append('publishAt', new Date(input.publishAt).toISOString());
      form.append('audio', input.file);
      return api.call(podcastEndpoints.uploadPodcastEpisode, { params: { channelId }, body: form as never, onProgress: (sent, total) => onProgress(total ? sent / total : 0) });
    },
    onSuccess: refresh,
  });
}

export function useUpdateEpisode(episodeId: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: EpisodeUpdate) => api.call(podcastEndpoints.updatePodcastEpisode, { params: { episodeId }, body }), onSuccess: refresh });
}

export function useFavorite(episodeId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (favorite: boolean) => api.call(favorite ? podcastEndpoints.favoritePodcastEpisode : podcastEndpoints.unfavoritePodcastEpisode, { params: { episodeId } }),
    onSuccess: refresh,
  });
}

export function useCreateShareLink(episodeId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (startSeconds: number | null) => api.call(podcastEndpoints.createPodcastShareLink, { params: { episodeId }, body: { startSeconds } }),
    onSuccess: refresh,
  });
}

export function useRevokeShareLink() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (linkId: string) => api.call(podcastEndpoints.revokePodcastShareLink, { params: { linkId } }), onSuccess: refresh });
}

export function useCreatePlaylist() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (title: string) => api.call(podcastEndpoints.createPodcastPlaylist, { body: { title } }), onSuccess: refresh });
}

export function useAddToPlaylist() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ playlistId, episodeId }: { playlistId: string; episodeId: string }) => api.call(podcastEndpoints.addToPodcastPlaylist, { params: { playlistId }, body: { episodeId } }),
    onSuccess: refresh,
  });
}

export function useUpdatePlaylist(playlistId: string) {
  const client = useQueryClient();
  const viewer = useViewerId();
  return useMutation({
    mutationFn: (body: PlaylistUpdate) => api.call(podcastEndpoints.updatePodcastPlaylist, { params: { playlistId }, body }),
    onSuccess: (answer) => {
      client.setQueryData(podcastKeys.playlist(playlistId, viewer), answer);
      void client.invalidateQueries({ queryKey: podcastKeys.all });
    },
  });
}

export function useDeletePlaylist(playlistId: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => api.call(podcastEndpoints.deletePodcastPlaylist, { params: { playlistId } }), onSuccess: refresh });
}
