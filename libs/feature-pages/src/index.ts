export { AboutPage, ABOUT_TITLE, type AboutPageProps } from './lib/about-page/about-page';
export { CONTENT_PAGES, GuidePage, PrivacyPage, TermsPage, FaqPage, type ContentPagePath } from './lib/content-pages';
