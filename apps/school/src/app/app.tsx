import { RemoteRoot } from '@vox/auth';
import { SiteRoutes } from '@vox/site-routes/remote';
import { webSitePages } from '@vox/site-routes/web-pages';

/** The school site's pages, from the one route table (libs/site-routes): its own / and /about. */
export default function App() {
  return (
    <RemoteRoot name="school" build={process.env.VOX_BUILD_LABEL}>
      <SiteRoutes site="school" pages={webSitePages} />
    </RemoteRoot>
  );
}
