import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { authStore } from '@vox/auth';
import { coreEndpoints, type MyProfile } from '@vox/contract';
import { socialEndpoints } from '@vox/contract/social';

/** The first-run step's calls (/welcome); its keys under ['first-hour']. */
const welcomeKeys = {
  all: ['first-hour'] as const,
  handleSuggestion: (userId: string | undefined) => [...welcomeKeys.all, 'handle-suggestion', userId] as const,
  showcase: () => [...welcomeKeys.all, 'showcase'] as const,
};

/** A handle suggested from my email, asked once. */
export const useHandleSuggestion = (userId: string | undefined, enabled: boolean) =>
  useQuery({ queryKey: welcomeKeys.handleSuggestion(userId), queryFn: () => api.call(socialEndpoints.handleSuggestion), enabled, staleTime: Infinity });

/** Saves a suggested handle as mine; my User goes into the auth store. */
export const useKeepSuggestedHandle = () =>
  useMutation({
    mutationFn: (suggested: string) => api.call(socialEndpoints.updateMyProfile, { body: { handle: suggested } }),
    onSuccess: (answer) => authStore.setUser(answer.user),
  });

/**
 * Saves my name and handle, then my photo when one was chosen; each answer (my User) goes into
 * the auth store at once, so the header follows even when the photo fails.
 */
export const useSaveFirstProfile = (onSaved: () => void) =>
  useMutation({
    mutationFn: async ({ name, handle, photo }: { name: string; handle: string; photo: File | null }): Promise<MyProfile> => {
      let answer = await api.call(socialEndpoints.updateMyProfile, { body: { name, handle } });
      authStore.setUser(answer.user);
      if (photo) {
        const form = new FormData();
        form.append('photo', photo, photo.name);
        answer = await api.call(socialEndpoints.uploadMyPhoto, { body: form });
        authStore.setUser(answer.user);
      }
      return answer;
    },
    onSuccess: () => onSaved(),
  });

/** The demo scenes to try. */
export const useShowcase = (enabled: boolean) => useQuery({ queryKey: welcomeKeys.showcase(), queryFn: () => api.call(coreEndpoints.showcase), enabled });
