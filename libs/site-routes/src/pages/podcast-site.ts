import { podcastAccountPages } from './account';
import { contentPages } from './content';
import { membershipPages } from './membership';
import { podcastPages } from './podcast';
import type { PageRecord } from './types';
import { socialPages } from './social';

/**
 * The podcast site's pages: no scripts, drafts, audio, events or classes. Its own entry
 * (`@vox/site-routes/podcast-pages`), so the podcast remote's build never reaches the other
 * feature libs' page records: a dynamic import anywhere in a build's module graph names that lib
 * in the remote's entry (about 1 KB gzip for the lot), whatever tree shaking drops later.
 */
export const podcastSitePages: PageRecord = { ...podcastPages, ...socialPages, ...membershipPages, ...podcastAccountPages, ...contentPages };
