import { PlaceholderPage } from '@vox/ui';

/** /audio (privilege audio_library). */
export function AudioLibraryPage() {
  return (
    <PlaceholderPage
      title="Audio library"
      description="Your sounds will be listed here by type: background music, sound effects and voice. Attach them to script lines as cues."
    />
  );
}
