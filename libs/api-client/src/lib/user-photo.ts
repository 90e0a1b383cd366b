import { coreEndpoints, pathFor } from '@vox/contract';
import type { ApiCall } from './types';

/**
 * User photos are fetched through the client (so they carry the Bearer token) and kept as object
 * URLs, one fetch per photo for the life of the page. A failed fetch falls back to the raw photo
 * path and is not cached, so a later render may try again.
 */
export function createPhotoLoader(call: ApiCall, absoluteUrl: (path: string) => string, toObjectUrl: (blob: Blob) => string) {
  const cache = new Map<string, Promise<string>>();

  const userPhotoUrl = (photo: string): string => absoluteUrl(pathFor(coreEndpoints.userPhoto, { photo }));

  const loadUserPhoto = (photo: string): Promise<string> => {
    const cached = cache.get(photo);
    if (cached) return cached;
    const loading = call(coreEndpoints.userPhoto, { params: { photo } })
      .then(toObjectUrl)
      .catch(() => {
        cache.delete(photo);
        return userPhotoUrl(photo);
      });
    cache.set(photo, loading);
    return loading;
  };

  return { userPhotoUrl, loadUserPhoto };
}
