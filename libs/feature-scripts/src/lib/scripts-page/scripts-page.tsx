import { Page } from '@vox/ui';
import { ScriptBrowser } from '../script-list/script-browser';

/** /scripts for a signed-in user (logged out, the route shows the log-in prompt instead). */
export function ScriptsPage() {
  return (
    <Page>
      <ScriptBrowser
        title="Your scripts"
        lead="Your scripts, your friends' scripts and public scripts: search to find your next read, or write a new one."
      />
    </Page>
  );
}
