import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { authStore } from '@vox/auth';
import type { MyProfile, ProfileUpdate } from '@vox/contract';
import { socialEndpoints } from '@vox/contract/social';
import { socialKeys } from './query-keys';

export const updateProfile = (changes: ProfileUpdate): Promise<MyProfile> => api.call(socialEndpoints.updateMyProfile, { body: changes });

export const uploadPhoto = (file: File): Promise<MyProfile> => {
  const form = new FormData();
  form.append('photo', file, file.name);
  return api.call(socialEndpoints.uploadMyPhoto, { body: form });
};

export const removePhoto = (): Promise<MyProfile> => api.call(socialEndpoints.removeMyPhoto);

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
