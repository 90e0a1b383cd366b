import { Navigate, Route, Routes } from 'react-router';
import { RemoteRoot, RequireLogin, RequirePrivilege, usePrivileges, useUser } from '@vox/auth';
import { CONTENT_PAGES, SchoolAboutPage } from '@vox/feature-pages';
import { siteUrl } from '@vox/variant';
import { NotFoundPage, PageSuspense } from '@vox/ui';
import * as page from './pages';

/** The shell opens the auth modal at these paths; the page behind it is what / shows a visitor. */
const AUTH_PATHS = ['/login', '/register', '/resetpassword'];

/** /about, the school site's front page for visitors, loaded up front: its own About (issue 21). */
const aboutRoute = <SchoolAboutPage mainSiteHref={siteUrl(window.location, '')} />;

const scriptsRoute = (
  <RequireLogin what="scripts">
    <page.ScriptsPage />
  </RequireLogin>
);

/**
 * Seed section 2: logged out, the school site's / goes to /about. Signed in, a school user (one
 * with a class) or a teacher gets the school home (issue 18); anyone else, the scripts.
 */
function SchoolHome() {
  const user = useUser();
  // The teacher role's privilege is known with the user (no wait for subscriptions).
  const { has } = usePrivileges();
  if (!user) return <Navigate to="/about" replace />;
  if (user.classes.length > 0 || has('teach')) return <page.SchoolHomePage />;
  return <Navigate to="/scripts" replace />;
}

/**
 * The school site's pages: the main site's table (seed section 2), except for / and the page
 * behind the auth modal. Remotes never import each other, so the table is repeated here.
 */
export default function App() {
  return (
    <RemoteRoot name="school" build={process.env.VOX_BUILD_LABEL}>
      <PageSuspense>
        <Routes>
          <Route path="/" element={<SchoolHome />} />
          {AUTH_PATHS.map((path) => (
            <Route key={path} path={path} element={aboutRoute} />
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
          {(['/guide', '/privacy', '/terms', '/faq'] as const).map((path) => {
            const ContentPage = CONTENT_PAGES[path];
            return <Route key={path} path={path} element={<ContentPage />} />;
          })}
          <Route path="/about" element={aboutRoute} />
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
          {/* Classes and assignments (issue 18) */}
          <Route
            path="/classes"
            element={
              <RequireLogin what="classes">
                <page.ClassesPage />
              </RequireLogin>
            }
          />
          <Route
            path="/classes/:classId"
            element={
              <RequireLogin what="classes">
                <page.ClassPage />
              </RequireLogin>
            }
          />
          <Route
            path="/assignments/:assignmentId"
            element={
              <RequireLogin what="assignments">
                <page.AssignmentPage />
              </RequireLogin>
            }
          />
          <Route path="/set-password" element={<page.SetPasswordPage />} />
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
