import { lazyPage } from '@vox/ui';
import type { PageRecord } from './types';

// One entry of the lib per group of pages (libs/feature-scripts/README.md, "Entries"), so each
// page downloads its own code only: the list does not bring the reader, the recorder or the
// editor, and each page's Link header (route-preloads.cjs reads these import()s) names its own
// chunk.
const listPages = () => import('@vox/feature-scripts/list-pages');
const editorPage = () => import('@vox/feature-scripts/editor-page');
const historyPage = () => import('@vox/feature-scripts/history-page');
const sessionPages = () => import('@vox/feature-scripts/session-pages');
const editor = lazyPage(editorPage, (m) => m.ScriptEditorPage);

export const scriptsPages: PageRecord = {
  scripts: lazyPage(listPages, (m) => m.ScriptsPage),
  scriptCreate: editor,
  scriptEdit: editor,
  history: lazyPage(historyPage, (m) => m.HistoryPage),
  freeScripts: lazyPage(listPages, (m) => m.FreeScriptsPage),
  script: lazyPage(sessionPages, (m) => m.ScriptRedirectPage),
  shareLink: lazyPage(sessionPages, (m) => m.ShareLinkPage),
  session: lazyPage(sessionPages, (m) => m.SessionPage),
};
