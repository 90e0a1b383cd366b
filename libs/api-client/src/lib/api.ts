import { createApiClient } from './api-client';

/**
 * The app's one client. Federation shares @vox/api-client as a singleton, so the shell and every
 * remote talk through this instance; @vox/auth plugs in the token, refresh and 401 handling.
 */
export const api = createApiClient();

export const userPhotoUrl = (photo: string): string => api.userPhotoUrl(photo);
export const loadUserPhoto = (photo: string): Promise<string> => api.loadUserPhoto(photo);
