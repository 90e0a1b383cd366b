import { Page } from '@vox/ui';
import { ScriptBrowser } from '../script-list/script-browser';

/** /free_scripts (privilege read_free_script; the route checks it). */
export function FreeScriptsPage() {
  return (
    <Page>
      <ScriptBrowser
        title="Free scripts"
        lead="Scripts free for members with your plan, whoever wrote them: open one to start a table read."
        scope="free"
      />
    </Page>
  );
}
