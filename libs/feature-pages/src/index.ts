export { AboutPage, ABOUT_TITLE } from './lib/about-page/about-page';
export { CONTENT_PAGES, GuidePage, PrivacyPage, TermsPage, FaqPage, type ContentPagePath } from './lib/content-pages';
// The school site's own About (its front page for visitors).
export { SchoolAboutPage, SCHOOL_ABOUT_TITLE, SCHOOL_NAME } from './lib/about-page/school-about-page';
