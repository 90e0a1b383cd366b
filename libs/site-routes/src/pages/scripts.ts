import { lazyPage } from '@vox/ui';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-scripts');
const editor = lazyPage(load, (m) => m.ScriptEditorPage);

export const scriptsPages: PageRecord = {
  scripts: lazyPage(load, (m) => m.ScriptsPage),
  scriptCreate: editor,
  scriptEdit: editor,
  history: lazyPage(load, (m) => m.HistoryPage),
  freeScripts: lazyPage(load, (m) => m.FreeScriptsPage),
  script: lazyPage(load, (m) => m.ScriptRedirectPage),
  shareLink: lazyPage(load, (m) => m.ShareLinkPage),
  session: lazyPage(load, (m) => m.SessionPage),
};
