import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { PublishReadInput, ReadRender, RenderFill } from '@vox/contract';
import { podcastEndpoints } from '@vox/contract/podcast';
import { scriptEndpoints } from '@vox/contract/scripts';

/** "The finished read": a session's renders (a file to download or share, an episode) and publishing. */
const renderKeys = {
  session: (sessionId: string) => ['read-renders', sessionId] as const,
  podcastHome: ['podcast-home'] as const,
};

/** Whether the server's renderer is still at work on a render. */
export const isRendering = (r?: ReadRender) => r?.state === 'queued' || r?.state === 'rendering';

/** The session's renders, newest first; asked every second while one runs, to follow its progress. */
export const useSessionRenders = (sessionId: string) =>
  useQuery({
    queryKey: renderKeys.session(sessionId),
    queryFn: () => api.call(scriptEndpoints.sessionRenders, { params: { sessionId } }),
    refetchInterval: (query) => (query.state.data?.renders.some(isRendering) ? 1000 : false),
  });

/** Asks the session's renders again (after a change to one of them). */
export function useRefreshRenders(sessionId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: renderKeys.session(sessionId) });
}

/** Starts a render of the picked takes to download, lines without a take filled as `fill` says. */
export const useRenderRead = (sessionId: string, onSuccess: () => void) =>
  useMutation({ mutationFn: (fill: RenderFill) => api.call(scriptEndpoints.renderRead, { params: { sessionId }, body: { fill } }), onSuccess });

/** A finished render's audio, handed to `save` (an error in either shows). */
export const useSaveRender = (renderId: string, save: (audio: Blob) => void) =>
  useMutation({ mutationFn: async () => save(await api.call(scriptEndpoints.readRenderAudio, { params: { renderId } })) });

/** A link anyone may listen at, or its end. */
export const useShareRender = (renderId: string, onSuccess: () => void) =>
  useMutation({ mutationFn: () => api.call(scriptEndpoints.shareReadRender, { params: { renderId } }), onSuccess });
export const useRevokeRenderLink = (renderId: string, onSuccess: () => void) =>
  useMutation({ mutationFn: () => api.call(scriptEndpoints.revokeReadRenderLink, { params: { renderId } }), onSuccess });

/** My podcast channels (the podcast home's), to publish into. */
export const usePodcastHome = () => useQuery({ queryKey: renderKeys.podcastHome, queryFn: () => api.call(podcastEndpoints.podcastHome) });

/** Publishes the read as an episode of one of my channels (rendered by the same job). */
export const usePublishRead = (sessionId: string, onSuccess: () => void) =>
  useMutation({ mutationFn: (body: PublishReadInput) => api.call(scriptEndpoints.publishReadAsEpisode, { params: { sessionId }, body }), onSuccess });
