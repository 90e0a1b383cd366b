import type { ComponentType } from 'react';
import { AboutPage } from './about-page/about-page';
import { lazyContentPage } from './lazy-page';

export type ContentPagePath = '/guide' | '/privacy' | '/terms' | '/about' | '/faq';

export const GuidePage = lazyContentPage(() => import('./guide-page/guide-page').then((m) => m.GuidePage));
export const PrivacyPage = lazyContentPage(() => import('./privacy-page/privacy-page').then((m) => m.PrivacyPage));
export const TermsPage = lazyContentPage(() => import('./terms-page/terms-page').then((m) => m.TermsPage));
export const FaqPage = lazyContentPage(() => import('./faq-page/faq-page').then((m) => m.FaqPage));

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
