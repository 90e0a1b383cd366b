import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { castingEndpoints, type CastingSettings } from '@vox/contract/casting';
import { socialKeys } from './friends';

// The casting area's calls a profile makes, straight from the contract: this lib may not import
// @vox/feature-casting (a feature lib imports no other).

/** The roles a member was cast in, newest first (none when they keep them off their profile). */
export function useCastingCredits(userId: string) {
  const viewer = useUser()?.id ?? null;
  return useQuery({
    queryKey: socialKeys.castingCredits(userId, viewer),
    queryFn: () => api.call(castingEndpoints.castingCredits, { params: { userId } }),
    retry: false,
  });
}

/** Whether my profile lists the roles I was cast in (the server's default is yes). */
export function useCastingSettings() {
  const viewer = useUser()?.id ?? null;
  return useQuery({
    queryKey: socialKeys.castingSettings(viewer),
    queryFn: () => api.call(castingEndpoints.castingSettings),
    enabled: viewer !== null,
  });
}

export function useUpdateCastingSettings() {
  const client = useQueryClient();
  const viewer = useUser()?.id ?? null;
  return useMutation({
    mutationFn: (settings: CastingSettings) => api.call(castingEndpoints.updateCastingSettings, { body: settings }),
    onSuccess: (answer) => {
      client.setQueryData(socialKeys.castingSettings(viewer), answer);
      return client.invalidateQueries({ queryKey: socialKeys.castingCredits(viewer ?? '', viewer) });
    },
  });
}
