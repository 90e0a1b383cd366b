import type { ComponentType } from 'react';
import { AboutPage } from './about-page/about-page';
import { FaqPage } from './faq-page/faq-page';
import { GuidePage } from './guide-page/guide-page';
import { PrivacyPage } from './privacy-page/privacy-page';
import { TermsPage } from './terms-page/terms-page';

export type ContentPagePath = '/guide' | '/privacy' | '/terms' | '/about' | '/faq';

/**
 * Route path -> page, so an app adds every content page from one table:
 * `Object.entries(CONTENT_PAGES).map(([path, Page]) => <Route key={path} path={path} element={<Page />} />)`.
 * AboutPage is listed without its optional site links; render it directly to pass them.
 */
export const CONTENT_PAGES: Readonly<Record<ContentPagePath, ComponentType>> = {
  '/guide': GuidePage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
  '/about': AboutPage,
  '/faq': FaqPage,
};
