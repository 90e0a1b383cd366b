import { lazyPage } from '@vox/ui';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-pages');

export const contentPages: PageRecord = {
  guide: lazyPage(load, (m) => m.CONTENT_PAGES['/guide']),
  privacy: lazyPage(load, (m) => m.CONTENT_PAGES['/privacy']),
  terms: lazyPage(load, (m) => m.CONTENT_PAGES['/terms']),
  faq: lazyPage(load, (m) => m.CONTENT_PAGES['/faq']),
  about: lazyPage(load, (m) => m.AboutPage),
  // The school site's own About, its front page for visitors.
  schoolAbout: lazyPage(load, (m) => m.SchoolAboutPage),
};
