// @vox/feature-scripts/list-pages: /scripts and /free_scripts (the README, "Entries"). Its own
// chunk, so the list (the signed-in home of the main site) downloads the script browser and its
// API only, not the reader, the recorder or the editor.
export { ScriptsPage } from './lib/scripts-page/scripts-page';
export { FreeScriptsPage } from './lib/free-scripts-page/free-scripts-page';
