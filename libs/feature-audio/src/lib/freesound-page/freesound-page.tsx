import { PlaceholderPage } from '@vox/ui';

/** /freesound-poc: sound search. */
export function FreesoundPage() {
  return (
    <PlaceholderPage
      title="Find sounds"
      description="Search for sound effects and music for your scripts: from Freesound when it is connected, otherwise from the sounds in VoxClub's own library."
    />
  );
}
