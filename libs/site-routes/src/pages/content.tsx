import { lazyPage } from '@vox/ui';
import { siteUrl } from '@vox/variant';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-pages');
const AboutPage = lazyPage(load, (m) => m.AboutPage);
const SchoolAboutPage = lazyPage(load, (m) => m.SchoolAboutPage);

export const contentPages: PageRecord = {
  guide: lazyPage(load, (m) => m.CONTENT_PAGES['/guide']),
  privacy: lazyPage(load, (m) => m.CONTENT_PAGES['/privacy']),
  terms: lazyPage(load, (m) => m.CONTENT_PAGES['/terms']),
  faq: lazyPage(load, (m) => m.CONTENT_PAGES['/faq']),
  about: () => <AboutPage schoolSiteHref={siteUrl(window.location, 'school')} podcastSiteHref={siteUrl(window.location, 'podcast')} />,
  // The school site's own About, its front page for visitors.
  schoolAbout: () => <SchoolAboutPage mainSiteHref={siteUrl(window.location, '')} />,
};
