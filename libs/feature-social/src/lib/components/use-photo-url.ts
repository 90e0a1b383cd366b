import { useEffect, useState } from 'react';
import { loadUserPhoto } from '@vox/api-client';

/** A member's photo as a URL: fetched once per page life by the api-client, else the raw path. */
export function usePhotoUrl(photo: string | null | undefined): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    let current = true;
    setUrl(undefined);
    if (photo) void loadUserPhoto(photo).then((u) => current && setUrl(u));
    return () => {
      current = false;
    };
  }, [photo]);
  return url;
}
