import { Navigate, Route, Routes } from 'react-router';
import { RemoteRoot, RequireLogin, RequirePrivilege } from '@vox/auth';
import { siteUrl } from '@vox/variant';
import { NotFoundPage, PageSuspense } from '@vox/ui';
import * as page from './pages';
import { FrontDoor } from './front-door/front-door';

/** The shell opens the auth modal at these paths; the page behind it is what / shows a visitor. */
const AUTH_PATHS = ['/login', '/register', '/resetpassword'];

// Logged out, /scripts (where / leads) is the front door: the seed's prompt plus the demo scenes (issue 21).
const scriptsRoute = (
  <RequireLogin what="scripts" landing={<FrontDoor />}>
    <page.ScriptsPage />
  </RequireLogin>
);

/**
 * The main site's pages (seed section 2). The shell draws the header and footer around them, or
 * leaves them out on the full-screen routes, and opens the auth modal; this table only picks the page.
 */
export default function App() {
  return (
    <RemoteRoot name="main" build={process.env.VOX_BUILD_LABEL}>
      <PageSuspense>
        <Routes>
          <Route path="/" element={<Navigate to="/scripts" replace />} />
          {AUTH_PATHS.map((path) => (
            <Route key={path} path={path} element={scriptsRoute} />
          ))}

          {/* Header and footer */}
          <Route path="/scripts" element={scriptsRoute} />
          <Route
            path="/scripts/create"
            element={
              <RequireLogin what="scripts">
                <page.ScriptEditorPage />
              </RequireLogin>
            }
          />
          <Route
            path="/scripts/edit/:scriptId"
            element={
              <RequireLogin what="scripts">
                <page.ScriptEditorPage />
              </RequireLogin>
            }
          />
          <Route
            path="/history"
            element={
              <RequireLogin what="history">
                <page.HistoryPage />
              </RequireLogin>
            }
          />
          <Route
            path="/friends"
            element={
              <RequireLogin what="friend list">
                <page.FriendsPage />
              </RequireLogin>
            }
          />
          <Route
            path="/notifications"
            element={
              <RequireLogin what="messages">
                <page.MessagesPage />
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
          <Route path="/events" element={<page.EventsPage />} />
          <Route path="/event/:eventId/register" element={<page.EventRegistrationPage />} />
          <Route path="/pilot_program/id" element={<page.PilotProgramPage />} />
          <Route path="/freesound-poc" element={<page.FreesoundPage />} />
          <Route
            path="/audio"
            element={
              <RequirePrivilege privilege="audio_library">
                <page.AudioLibraryPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="/audio/edit/:audioId"
            element={
              <RequirePrivilege privilege="audio_library">
                <page.AudioEditPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="/audio/create/:type"
            element={
              <RequirePrivilege privilege="audio_library">
                <page.AudioUploadPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="/free_scripts"
            element={
              <RequirePrivilege privilege="read_free_script">
                <page.FreeScriptsPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="/write"
            element={
              <RequirePrivilege privilege="draft">
                <page.DraftsPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="/templates"
            element={
              <RequirePrivilege privilege="draft">
                <page.TemplatesPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="/templates/create"
            element={
              <RequirePrivilege privilege="draft">
                <page.TemplateEditorPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="/templates/edit/:templateId"
            element={
              <RequirePrivilege privilege="draft">
                <page.TemplateEditorPage />
              </RequirePrivilege>
            }
          />

          {/* Full screen */}
          <Route path="/certificate" element={<page.CertificatesPage />} />
          <Route path="/certificate/:certId" element={<page.CertificatePage />} />
          <Route path="/event/:eventId" element={<page.EventPage />} />
          <Route path="/members/:handle" element={<page.ProfilePage />} />
          <Route path="/profile/:userId" element={<page.ProfilePage />} />
          <Route path="/session/:sessionId" element={<page.SessionPage />} />
          <Route
            path="/write/:documentId"
            element={
              <RequirePrivilege privilege="draft">
                <page.DraftEditorPage />
              </RequirePrivilege>
            }
          />
          <Route
            path="/template/:templateId"
            element={
              <RequirePrivilege privilege="draft">
                <page.TemplatePreviewPage />
              </RequirePrivilege>
            }
          />
          <Route path="/s/:linkId" element={<page.ShareLinkPage />} />
          <Route path="/podcast-ep/:linkId" element={<page.EpisodePage />} />
          <Route path="/script/:scriptId" element={<page.ScriptRedirectPage />} />
          <Route path="/auth/ms/login" element={<page.MicrosoftLoginPage homePath="/scripts" />} />
          <Route path="/auth/ms/logout" element={<page.MicrosoftLogoutPage />} />
          {/* Issue 21: the first-run step right after joining. */}
          <Route path="/welcome" element={<page.WelcomePage />} />

          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </PageSuspense>
    </RemoteRoot>
  );
}
