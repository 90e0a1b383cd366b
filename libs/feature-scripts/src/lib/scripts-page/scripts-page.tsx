import { PlaceholderPage } from '@vox/ui';

/** /scripts for a signed-in user (logged out, the route shows the log-in prompt instead). */
export function ScriptsPage() {
  return (
    <PlaceholderPage
      title="Your scripts"
      description="Your scripts, your friends' scripts and public scripts will be listed here, with search to find your next read."
    />
  );
}
