import { PlaceholderPage } from '@vox/ui';

/** /write (privilege draft). */
export function DraftsPage() {
  return (
    <PlaceholderPage
      title="Drafts"
      description="Your drafts will be listed here. Each one keeps a full revision history, and publishing a draft creates or updates a script."
    />
  );
}
