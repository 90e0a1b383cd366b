import { PlaceholderPage } from '@vox/ui';

/** /free_scripts (privilege read_free_script). */
export function FreeScriptsPage() {
  return (
    <PlaceholderPage
      title="Free scripts"
      description="Scripts free for every member to read will be listed here, ready to start a table read from."
    />
  );
}
