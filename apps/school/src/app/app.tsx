import type { ReactNode } from 'react';
import { RemoteRoot } from '@vox/auth';
import { sitePage } from '@vox/site-routes/remote';
import { webSitePages } from '@vox/site-routes/web-pages';

/**
 * The school site for the shell, from the one route table (libs/site-routes): its
 * own / and /about.
 */
export const Page = sitePage('school', webSitePages);

export function Frame({ children }: { children: ReactNode }) {
  return (
    <RemoteRoot name="school" build={process.env.VOX_BUILD_LABEL}>
      {children}
    </RemoteRoot>
  );
}
