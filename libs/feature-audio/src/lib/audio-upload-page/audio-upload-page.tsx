import { useParams } from 'react-router';
import { PlaceholderPage } from '@vox/ui';

/** The sound types of the library, as they appear in /audio/create/{type}. */
const UPLOAD_TITLES: Record<string, string> = {
  bgm: 'Upload background music',
  sfx: 'Upload a sound effect',
  voice: 'Upload a voice recording',
};

/** /audio/create/{type} (privilege audio_library). */
export function AudioUploadPage() {
  const { type = '' } = useParams();
  return (
    <PlaceholderPage
      title={UPLOAD_TITLES[type] ?? 'Upload a sound'}
      description="Upload a sound with a progress bar. We check its format and size, then show its duration and waveform before it joins your library."
    />
  );
}
