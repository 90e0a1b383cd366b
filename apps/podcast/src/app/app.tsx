import type { ReactNode } from 'react';
import { RemoteRoot } from '@vox/auth';
import { PlayerBar, PlayerProvider } from '@vox/feature-podcast';
import { podcastSitePages } from '@vox/site-routes/podcast-pages';
import { sitePage } from '@vox/site-routes/remote';

/**
 * The podcast site for the shell, from the one route table (libs/site-routes). The
 * shell draws the dark theme and the top bar, or leaves the bar out on the full-screen routes.
 */
export const Page = sitePage('podcast', podcastSitePages);

export function Frame({ children }: { children: ReactNode }) {
  return (
    <RemoteRoot name="podcast" build={process.env.VOX_BUILD_LABEL}>
      {/* The one player lives above the routes, so a route change never stops it. */}
      <PlayerProvider>
        {children}
        <PlayerBar />
      </PlayerProvider>
    </RemoteRoot>
  );
}
