import { useEffect, useState } from 'react';
import { loadUserPhoto } from './api';

/**
 * A user photo or script cover (a photo id) as a URL for <img src>: fetched once per page life
 * by the api-client, which falls back to the raw path when the fetch fails.
 * Undefined while loading and when there is no photo.
 */
export function usePhotoUrl(photo: string | null | undefined): string | undefined {
  const [loaded, setLoaded] = useState<{ photo: string; url: string } | undefined>(undefined);
  useEffect(() => {
    if (!photo) return undefined;
    let current = true;
    void loadUserPhoto(photo).then((url) => current && setLoaded({ photo, url }));
    return () => {
      current = false;
    };
  }, [photo]);
  return photo && loaded?.photo === photo ? loaded.url : undefined;
}
