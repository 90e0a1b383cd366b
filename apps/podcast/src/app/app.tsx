import { Route, Routes } from 'react-router';
import { RemoteRoot, RequireLogin } from '@vox/auth';
import {
  ChannelPage,
  ChannelsPage,
  EpisodePage,
  FavoritesPage,
  FrontPage,
  ListeningHistoryPage,
  PlayerBar,
  PlayerProvider,
  PlaylistPage,
} from '@vox/feature-podcast';
import { siteUrl } from '@vox/variant';
import { NotFoundPage, PageSuspense } from '@vox/ui';
import * as page from './pages';

/** The shell opens the auth modal at these paths; the channels stay behind it. */
const AUTH_PATHS = ['/login', '/register', '/resetpassword'];

/**
 * The podcast site's pages (seed section 2). The shell draws the dark theme and the top bar, or
 * leaves the bar out on the full-screen routes, and opens the auth modal.
 */
export default function App() {
  return (
    <RemoteRoot name="podcast" build={process.env.VOX_BUILD_LABEL}>
      {/* Issue 16: the one player lives above the routes, so a route change never stops it. */}
      <PlayerProvider>
        <PageSuspense>
          <Routes>
            <Route path="/" element={<FrontPage />} />
            {AUTH_PATHS.map((path) => (
              <Route key={path} path={path} element={<ChannelsPage />} />
            ))}
            <Route path="/channel/:channelId" element={<ChannelPage />} />
            <Route path="/playlist/:playlistId" element={<PlaylistPage />} />
            <Route
              path="/favorites"
              element={
                <RequireLogin what="favorites">
                  <FavoritesPage />
                </RequireLogin>
              }
            />
            <Route
              path="/history"
              element={
                <RequireLogin what="podcasts">
                  <ListeningHistoryPage />
                </RequireLogin>
              }
            />
            {page.CONTENT_ROUTES.map(([path, ContentPage]) => (
              <Route key={path} path={path} element={<ContentPage />} />
            ))}
            <Route
              path="/about"
              element={
                <page.AboutPage
                  schoolSiteHref={siteUrl(window.location, 'school')}
                  podcastSiteHref={siteUrl(window.location, 'podcast')}
                />
              }
            />
            <Route path="/membership" element={<page.MembershipPage />} />
            <Route
              path="/subscription"
              element={
                <RequireLogin what="subscriptions">
                  <page.SubscriptionPage />
                </RequireLogin>
              }
            />
            <Route path="/contact" element={<page.ContactPage />} />

            {/* Full screen */}
            <Route path="/members/:handle" element={<page.ProfilePage />} />
            <Route path="/profile/:userId" element={<page.ProfilePage />} />
            <Route path="/podcast-ep/:linkId" element={<EpisodePage />} />
            <Route path="/auth/ms/login" element={<page.MicrosoftLoginPage homePath="/" />} />
            <Route path="/auth/ms/logout" element={<page.MicrosoftLogoutPage />} />

            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </PageSuspense>
        <PlayerBar />
      </PlayerProvider>
    </RemoteRoot>
  );
}
