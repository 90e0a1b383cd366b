export { ScriptsPage } from './lib/scripts-page/scripts-page';
export { HistoryPage } from './lib/history-page/history-page';
export { FreeScriptsPage } from './lib/free-scripts-page/free-scripts-page';
export { ScriptRedirectPage } from './lib/script-redirect-page/script-redirect-page';
export { ShareLinkPage } from './lib/share-link-page/share-link-page';
export { SessionPage } from './lib/session-page/session-page';
export { useScriptSession, useShareLinkSession } from './lib/api/sessions';
export { useScript, useScripts } from './lib/api/scripts';
