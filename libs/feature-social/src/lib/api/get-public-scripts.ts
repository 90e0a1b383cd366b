import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@vox/api-client';
import type { ScriptList } from '@vox/contract';
import { scriptEndpoints } from '@vox/contract/scripts';
import { socialKeys } from './query-keys';

/**
 * A member's public scripts, from the scripts area (GET /api/scripts?owner=&scope=public). A
 * server without that listing yet answers 404 or 400: the profile shows its empty state then.
 */
export async function getPublicScripts(ownerId: string): Promise<ScriptList> {
  try {
    return await api.call(scriptEndpoints.scripts, { query: { owner: ownerId, scope: 'public', pageSize: 50 } });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return { items: [], total: 0, page: 1, pageSize: 50 };
    throw error;
  }
}

export function usePublicScripts(ownerId: string | undefined) {
  return useQuery({
    queryKey: socialKeys.publicScripts(ownerId ?? ''),
    queryFn: () => getPublicScripts(ownerId as string),
    enabled: Boolean(ownerId),
  });
}
