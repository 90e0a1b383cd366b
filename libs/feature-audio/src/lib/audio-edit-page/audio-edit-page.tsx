import { PlaceholderPage } from '@vox/ui';

/** /audio/edit/{audioId} (privilege audio_library). */
export function AudioEditPage() {
  return (
    <PlaceholderPage title="Edit sound" description="Change the sound's title, tags and type here." />
  );
}
