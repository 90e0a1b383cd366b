import { PlaceholderPage } from '@vox/ui';

/** /templates (privilege draft). */
export function TemplatesPage() {
  return (
    <PlaceholderPage
      title="Templates"
      description="Ready-made templates and your own will be listed here. Start a draft from one, or create and edit your own."
    />
  );
}
