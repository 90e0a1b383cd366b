import { useEffect, useState } from 'react';
import { loadUserPhoto } from '@vox/api-client';

/** A user photo (or script cover) as an object URL, fetched with the token once per page. */
export function usePhotoUrl(photo: string | null | undefined): string | null {
  const [loaded, setLoaded] = useState<{ photo: string; url: string } | null>(null);
  useEffect(() => {
    if (!photo) return undefined;
    let current = true;
    void loadUserPhoto(photo).then((url) => current && setLoaded({ photo, url }));
    return () => {
      current = false;
    };
  }, [photo]);
  return photo && loaded?.photo === photo ? loaded.url : null;
}
