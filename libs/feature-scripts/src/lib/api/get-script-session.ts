import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { ScriptSession } from '@vox/contract';

/** GET /api/scripts/{scriptId}/session: my current reading session of the script (created when needed). */
export const getScriptSession = (scriptId: string): Promise<ScriptSession> => api.getScriptSession(scriptId);

export const scriptSessionQueryOptions = (scriptId: string) =>
  queryOptions({
    queryKey: ['script-session', scriptId],
    queryFn: () => getScriptSession(scriptId),
    // A missing script is an answer, not a hiccup: the page goes back at once instead of retrying.
    retry: false,
    // Asked afresh on every visit: the current session may have changed since.
    gcTime: 0,
  });

export function useScriptSession(scriptId: string) {
  return useQuery(scriptSessionQueryOptions(scriptId));
}
