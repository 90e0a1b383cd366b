import { RemoteRoot } from '@vox/auth';
import { SiteRoutes } from '@vox/site-routes/remote';
import { webSitePages } from '@vox/site-routes/web-pages';
import { FrontDoor } from './front-door/front-door';

// Logged out, /scripts (where / leads) is the front door: the seed's prompt plus the demo scenes
// (issue 21). Every page loads on first use, so a visitor's first route needs only this.
const landings = { scripts: <FrontDoor /> };

/** The main site's pages, from the one route table (libs/site-routes). */
export default function App() {
  return (
    <RemoteRoot name="main" build={process.env.VOX_BUILD_LABEL}>
      <SiteRoutes site="main" pages={webSitePages} landings={landings} />
    </RemoteRoot>
  );
}
