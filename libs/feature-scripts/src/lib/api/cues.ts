import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { audioEndpoints } from '@vox/contract/audio';
import { scriptEndpoints } from '@vox/contract/scripts';
import type { CueInput, CueList } from '@vox/contract/audio';

/** A script's sound cues: read by anyone who may read the script, saved by its owner. */
const cueKeys = {
  script: (scriptId: string) => ['cues', scriptId] as const,
  sounds: ['cues', 'sounds'] as const,
};

export function useScriptCues(scriptId: string | null, enabled = true) {
  return useQuery({
    queryKey: cueKeys.script(scriptId ?? ''),
    queryFn: () => api.call(scriptEndpoints.scriptCues, { params: { scriptId: scriptId as string } }),
    enabled: enabled && scriptId !== null,
    staleTime: 30_000,
  });
}

/** PUT /api/scripts/{id}/cues: replaces the script's whole list (an import saves this way, then reads the list again). */
export const saveScriptCues = (scriptId: string, cues: CueInput[]): Promise<CueList> => api.call(scriptEndpoints.saveScriptCues, { params: { scriptId }, body: { cues } });

/** Saves the whole list (PUT replaces it); the cache shows the change at once. */
export function useSaveCues(scriptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cues: CueInput[]) => saveScriptCues(scriptId, cues),
    onSuccess: (answer: CueList) => client.setQueryData(cueKeys.script(scriptId), answer),
  });
}

/** Sounds a cue may play: my library, then the public library (others' shared sounds). */
export function useCueSounds(enabled: boolean) {
  return useQuery({
    queryKey: cueKeys.sounds,
    enabled,
    staleTime: 30_000,
    queryFn: async () => {
      const [mine, shared] = await Promise.all([api.call(audioEndpoints.sounds, { query: { scope: 'mine', sort: 'title' } }), api.call(audioEndpoints.sounds, { query: { scope: 'public', sort: 'title' } })]);
      return { mine: mine.items, shared: shared.items.filter((s) => !s.mine) };
    },
  });
}
