import type { ReactNode } from 'react';
import { RemoteRoot } from '@vox/auth';
import { sitePage } from '@vox/site-routes/remote';
import { webSitePages } from '@vox/site-routes/web-pages';
import { FrontDoor } from './front-door/front-door';

// Logged out, /scripts (where / leads) is the front door: the product's prompt plus the demo scenes
//. Every page loads on first use, so a visitor's first route needs only this.
const landings = { scripts: <FrontDoor /> };

/**
 * The main site for the shell: the shell matches the path against
 * the one route table (libs/site-routes) and draws `Page` inside `Frame`.
 */
export const Page = sitePage('main', webSitePages, landings);

export function Frame({ children }: { children: ReactNode }) {
  return (
    <RemoteRoot name="main" build={process.env.VOX_BUILD_LABEL}>
      {children}
    </RemoteRoot>
  );
}
