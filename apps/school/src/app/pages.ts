import { lazyPage } from '@vox/ui';

// Every page here loads on first use. The school site's first page for a visitor is /about, so
// the content pages are imported in app.tsx instead, up front.
const scripts = () => import('@vox/feature-scripts');
const social = () => import('@vox/feature-social');
const drafts = () => import('@vox/feature-drafts');
const audio = () => import('@vox/feature-audio');
const membership = () => import('@vox/feature-membership');
const events = () => import('@vox/feature-events');
const school = () => import('@vox/feature-school');
const podcast = () => import('@vox/feature-podcast');
const account = () => import('@vox/feature-account');

export const ScriptsPage = lazyPage(scripts, (m) => m.ScriptsPage);
export const ScriptEditorPage = lazyPage(scripts, (m) => m.ScriptEditorPage);
export const HistoryPage = lazyPage(scripts, (m) => m.HistoryPage);
export const FreeScriptsPage = lazyPage(scripts, (m) => m.FreeScriptsPage);
export const ScriptRedirectPage = lazyPage(scripts, (m) => m.ScriptRedirectPage);
export const ShareLinkPage = lazyPage(scripts, (m) => m.ShareLinkPage);
export const SessionPage = lazyPage(scripts, (m) => m.SessionPage);

export const FriendsPage = lazyPage(social, (m) => m.FriendsPage);
export const MessagesPage = lazyPage(social, (m) => m.MessagesPage);
export const ProfilePage = lazyPage(social, (m) => m.ProfilePage);

export const DraftsPage = lazyPage(drafts, (m) => m.DraftsPage);
export const DraftEditorPage = lazyPage(drafts, (m) => m.DraftEditorPage);
export const TemplatesPage = lazyPage(drafts, (m) => m.TemplatesPage);
export const TemplateEditorPage = lazyPage(drafts, (m) => m.TemplateEditorPage);
export const TemplatePreviewPage = lazyPage(drafts, (m) => m.TemplatePreviewPage);

export const AudioLibraryPage = lazyPage(audio, (m) => m.AudioLibraryPage);
export const AudioUploadPage = lazyPage(audio, (m) => m.AudioUploadPage);
export const AudioEditPage = lazyPage(audio, (m) => m.AudioEditPage);
export const FreesoundPage = lazyPage(audio, (m) => m.FreesoundPage);

export const MembershipPage = lazyPage(membership, (m) => m.MembershipPage);
export const SubscriptionPage = lazyPage(membership, (m) => m.SubscriptionPage);
export const ContactPage = lazyPage(membership, (m) => m.ContactPage);

export const EventsPage = lazyPage(events, (m) => m.EventsPage);
export const EventPage = lazyPage(events, (m) => m.EventPage);
export const EventRegistrationPage = lazyPage(events, (m) => m.EventRegistrationPage);

export const CertificatesPage = lazyPage(school, (m) => m.CertificatesPage);
export const CertificatePage = lazyPage(school, (m) => m.CertificatePage);
export const PilotProgramPage = lazyPage(school, (m) => m.PilotProgramPage);

export const EpisodePage = lazyPage(podcast, (m) => m.EpisodePage);

export const MicrosoftLoginPage = lazyPage(account, (m) => m.MicrosoftLoginPage);
export const MicrosoftLogoutPage = lazyPage(account, (m) => m.MicrosoftLogoutPage);
// Classes and assignments (issue 18).
export const SchoolHomePage = lazyPage(school, (m) => m.SchoolHomePage);
export const ClassesPage = lazyPage(school, (m) => m.ClassesPage);
export const ClassPage = lazyPage(school, (m) => m.ClassPage);
export const AssignmentPage = lazyPage(school, (m) => m.AssignmentPage);
export const SetPasswordPage = lazyPage(school, (m) => m.SetPasswordPage);
// Issue 21: the first-run step after joining.
export const WelcomePage = lazyPage(account, (m) => m.WelcomePage);
