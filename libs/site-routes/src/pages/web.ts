import { accountPages } from './account';
import { audioPages } from './audio';
import { castingPages } from './casting';
import { contentPages } from './content';
import { draftsPages } from './drafts';
import { eventsPages } from './events';
import { membershipPages } from './membership';
import { podcastPages } from './podcast';
import { schoolPages } from './school';
import { scriptsPages } from './scripts';
import { socialPages } from './social';
import type { PageRecord } from './types';

/** Every feature lib's pages: the main and school sites render them all (their / and /about differ in the table). */
export const webSitePages: PageRecord = {
  ...scriptsPages,
  ...socialPages,
  ...draftsPages,
  ...audioPages,
  ...membershipPages,
  ...eventsPages,
  ...castingPages,
  ...schoolPages,
  ...podcastPages,
  ...accountPages,
  ...contentPages,
};
