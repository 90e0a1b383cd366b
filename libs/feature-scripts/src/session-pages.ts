// @vox/feature-scripts/session-pages: the table-read reader at /session/{sessionId} and the two
// routes that resolve to it, /script/{scriptId} and /s/{linkId} (the README, "Entries"). The
// redirecting pages are small and always lead to the reader, so they share its chunk: the reader
// is loaded (or, on a first load, preloaded) while the session is being resolved.
export { SessionPage } from './lib/session-page/session-page';
export { ScriptRedirectPage } from './lib/script-redirect-page/script-redirect-page';
export { ShareLinkPage } from './lib/share-link-page/share-link-page';
