import { PlaceholderPage } from '@vox/ui';

/** /contact. */
export function ContactPage() {
  return (
    <PlaceholderPage
      title="Contact us"
      description="A form for your questions, feedback and membership requests will be here; every message reaches the VoxClub team, and we answer by email."
    />
  );
}
