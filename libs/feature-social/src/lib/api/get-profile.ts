import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { socialApiPaths, type Profile } from '@vox/contract';
import { socialKeys } from './query-keys';

export type ProfileRef = { by: 'id'; value: string } | { by: 'handle'; value: string };

export const getProfile = (ref: ProfileRef): Promise<Profile> =>
  api.get<Profile>(ref.by === 'id' ? socialApiPaths.profile(ref.value) : socialApiPaths.profileByHandle(ref.value));

/** A member's profile as I see it (the relationship is mine, `none` when logged out). */
export function useProfile(ref: ProfileRef) {
  const user = useUser();
  return useQuery({
    queryKey: socialKeys.profile(ref.by, ref.value, user?.id ?? null),
    queryFn: () => getProfile(ref),
    enabled: Boolean(ref.value),
  });
}
