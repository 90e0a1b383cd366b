import { lazyPage } from '@vox/ui';

// Every page here loads on first use: a logged-out visitor's first route (/ -> /scripts) needs
// only the log-in prompt from @vox/auth, which the shell has already loaded.
const scripts = () => import('@vox/feature-scripts');
const social = () => import('@vox/feature-social');
const drafts = () => import('@vox/feature-drafts');
const audio = () => import('@vox/feature-audio');
const membership = () => import('@vox/feature-membership');
const events = () => import('@vox/feature-events');
const school = () => import('@vox/feature-school');
const podcast = () => import('@vox/feature-podcast');
const account = () => import('@vox/feature-account');
const content = () => import('@vox/feature-pages');

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

export const AboutPage = lazyPage(content, (m) => m.AboutPage);
/** The other long-text pages, by route path, from the content lib's own table. */
export const CONTENT_ROUTES = [
  ['/guide', lazyPage(content, (m) => m.CONTENT_PAGES['/guide'])],
  ['/privacy', lazyPage(content, (m) => m.CONTENT_PAGES['/privacy'])],
  ['/terms', lazyPage(content, (m) => m.CONTENT_PAGES['/terms'])],
  ['/faq', lazyPage(content, (m) => m.CONTENT_PAGES['/faq'])],
] as const;
// Issue 21: the first-run step after joining.
export const WelcomePage = lazyPage(account, (m) => m.WelcomePage);
