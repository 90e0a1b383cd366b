import { PlaceholderPage } from '@vox/ui';

/** /membership: the plans. */
export function MembershipPage() {
  return (
    <PlaceholderPage
      title="Choose your membership"
      description="The membership plans will be shown here, each with its price, how long it lasts and what it unlocks: drafts and templates, the audio library and free scripts."
    />
  );
}
