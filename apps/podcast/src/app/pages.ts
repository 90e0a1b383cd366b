import { lazyPage } from '@vox/ui';

// Pages of other areas load on first use; the podcast pages themselves are imported in app.tsx,
// since / (the channels) is every visitor's first page.
const social = () => import('@vox/feature-social');
const membership = () => import('@vox/feature-membership');
const account = () => import('@vox/feature-account');
const content = () => import('@vox/feature-pages');

export const ProfilePage = lazyPage(social, (m) => m.ProfilePage);

export const MembershipPage = lazyPage(membership, (m) => m.MembershipPage);
export const SubscriptionPage = lazyPage(membership, (m) => m.SubscriptionPage);
export const ContactPage = lazyPage(membership, (m) => m.ContactPage);

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
