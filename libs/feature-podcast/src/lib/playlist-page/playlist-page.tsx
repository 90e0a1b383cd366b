import { PlaceholderPage } from '@vox/ui';

/** /playlist/{playlistId}. */
export function PlaylistPage() {
  return (
    <PlaceholderPage
      title="Playlist"
      description="The playlist's episodes will be listed here in order, ready to play one after another."
    />
  );
}
