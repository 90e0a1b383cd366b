import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import type { Profile } from '@vox/contract';
import { socialEndpoints } from '@vox/contract/social';
import { socialKeys } from './query-keys';

export type ProfileRef = { by: 'id'; value: string } | { by: 'handle'; value: string };

export const getProfile = (ref: ProfileRef): Promise<Profile> =>
  ref.by === 'id'
    ? api.call(socialEndpoints.profile, { params: { userId: ref.value } })
    : api.call(socialEndpoints.profileByHandle, { params: { handle: ref.value } });

/** A member's profile as I see it (the relationship is mine, `none` when logged out). */
export function useProfile(ref: ProfileRef) {
  const user = useUser();
  return useQuery({
    queryKey: socialKeys.profile(ref.by, ref.value, user?.id ?? null),
    queryFn: () => getProfile(ref),
    enabled: Boolean(ref.value),
  });
}
