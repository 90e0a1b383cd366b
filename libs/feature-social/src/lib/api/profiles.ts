import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@vox/api-client';
import { authStore, useUser } from '@vox/auth';
import type { MyProfile, Profile, ProfileUpdate, ScriptList } from '@vox/contract';
import { scriptEndpoints } from '@vox/contract/scripts';
import { socialEndpoints } from '@vox/contract/social';
import { socialKeys } from './friends';

export type ProfileRef = { by: 'id'; value: string } | { by: 'handle'; value: string };

const getProfile = (ref: ProfileRef): Promise<Profile> =>
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

/**
 * A member's public scripts, from the scripts area (GET /api/scripts?owner=&scope=public). A
 * server without that listing yet answers 404 or 400: the profile shows its empty state then.
 */
async function getPublicScripts(ownerId: string): Promise<ScriptList> {
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

const updateProfile = (changes: ProfileUpdate): Promise<MyProfile> => api.call(socialEndpoints.updateMyProfile, { body: changes });

const uploadPhoto = (file: File): Promise<MyProfile> => {
  const form = new FormData();
  form.append('photo', file, file.name);
  return api.call(socialEndpoints.uploadMyPhoto, { body: form });
};

const removePhoto = (): Promise<MyProfile> => api.call(socialEndpoints.removeMyPhoto);

/**
 * Every edit of my own profile answers my User: it goes into the auth store, so the header's
 * avatar, name and profile link change at once, without a reload.
 */
function useMyProfileMutation<T>(fn: (input: T) => Promise<MyProfile>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => {
      authStore.setUser(answer.user);
      void client.invalidateQueries({ queryKey: socialKeys.all });
    },
  });
}

export const useUpdateProfile = () => useMyProfileMutation(updateProfile);
export const useUploadPhoto = () => useMyProfileMutation(uploadPhoto);
export const useRemovePhoto = () => useMyProfileMutation(removePhoto);
