import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { EndpointQuery } from '@vox/contract';
import { audioEndpoints } from '@vox/contract/audio';
import type { FreesoundImport, Sound, SoundUpdate } from '@vox/contract/audio';

/** The audio library's calls (contract: `endpoints`); errors are ApiError with the server's text. */
const soundKeys = {
  all: ['sounds'] as const,
  lists: () => [...soundKeys.all, 'list'] as const,
  list: (query: EndpointQuery<'sounds'>) => [...soundKeys.lists(), query] as const,
  detail: (soundId: string) => [...soundKeys.all, 'detail', soundId] as const,
  peaks: (soundId: string) => [...soundKeys.all, 'peaks', soundId] as const,
  search: (q: string) => [...soundKeys.all, 'search', q] as const,
};

export function useSounds(query: EndpointQuery<'sounds'>) {
  return useQuery({
    queryKey: soundKeys.list(query),
    queryFn: () => api.call(audioEndpoints.sounds, { query }),
    placeholderData: (previous) => previous,
  });
}

export function useSound(soundId: string) {
  return useQuery({ queryKey: soundKeys.detail(soundId), queryFn: () => api.call(audioEndpoints.sound, { params: { soundId } }), retry: false });
}

/** The waveform peaks; asks again every 2 s while the background job is still drawing them. */
export function useSoundPeaks(soundId: string, enabled = true) {
  return useQuery({
    queryKey: soundKeys.peaks(soundId),
    queryFn: () => api.call(audioEndpoints.soundPeaks, { params: { soundId } }),
    enabled,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? 2000 : false),
  });
}

export function uploadSound(form: FormData, onProgress: (sent: number, total: number) => void, signal: AbortSignal): Promise<Sound> {
  return api.call(audioEndpoints.uploadSound, { body: form, onProgress, signal });
}

/** After an upload: the library's lists ask again. */
export function useSoundUploaded() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: soundKeys.lists() });
}

export function replaceSoundFile(soundId: string, form: FormData, onProgress: (sent: number, total: number) => void, signal: AbortSignal): Promise<Sound> {
  return api.call(audioEndpoints.replaceSoundFile, { params: { soundId }, body: form, onProgress, signal });
}

/** After a new file for a sound: its answer into the cache, its waveform and the lists asked again. */
export function useSoundReplaced() {
  const client = useQueryClient();
  return (sound: Sound) => {
    client.setQueryData(soundKeys.detail(sound.id), sound);
    void client.invalidateQueries({ queryKey: soundKeys.peaks(sound.id) });
    void client.invalidateQueries({ queryKey: soundKeys.lists() });
  };
}

export function useUpdateSound(soundId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SoundUpdate) => api.call(audioEndpoints.updateSound, { params: { soundId }, body: patch }),
    onSuccess: (sound) => {
      client.setQueryData(soundKeys.detail(soundId), sound);
      void client.invalidateQueries({ queryKey: soundKeys.lists() });
    },
  });
}

export function useDeleteSound() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ soundId, confirm }: { soundId: string; confirm: boolean }) => api.call(audioEndpoints.deleteSound, { params: { soundId }, query: confirm ? { confirm: true } : {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: soundKeys.all }),
  });
}

export function useSoundSearch(q: string) {
  return useQuery({ queryKey: soundKeys.search(q), queryFn: () => api.call(audioEndpoints.freesoundSearch, { query: q ? { q } : {} }), placeholderData: (p) => p });
}

export function useImportSound() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FreesoundImport) => api.call(audioEndpoints.freesoundImport, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...soundKeys.all, 'list'] }),
  });
}
