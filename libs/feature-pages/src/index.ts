export { GuidePage, GUIDE_TITLE } from './lib/guide-page/guide-page';
export { PrivacyPage, PRIVACY_TITLE } from './lib/privacy-page/privacy-page';
export { TermsPage, TERMS_TITLE } from './lib/terms-page/terms-page';
export { AboutPage, ABOUT_TITLE, type AboutPageProps } from './lib/about-page/about-page';
export { FaqPage, FAQ_TITLE } from './lib/faq-page/faq-page';
export { CONTENT_PAGES, type ContentPagePath } from './lib/content-pages';
