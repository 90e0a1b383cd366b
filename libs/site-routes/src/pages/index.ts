// Each feature lib's pages by route id, one module per lib: a remote imports the records of the
// libs its site renders, so its build names no other feature lib (each named lib costs its
// remoteEntry a share entry). webpack may drop the unused modules: web.config.cjs marks this
// folder free of side effects.
export { accountPages } from './account';
export { audioPages } from './audio';
export { contentPages } from './content';
export { draftsPages } from './drafts';
export { eventsPages } from './events';
export { membershipPages } from './membership';
export { podcastPages } from './podcast';
export { schoolPages } from './school';
export { scriptsPages } from './scripts';
export { socialPages } from './social';
export type { PageRecord } from './types';
export { webSitePages } from './web';
