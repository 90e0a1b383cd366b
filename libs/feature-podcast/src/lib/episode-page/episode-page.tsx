import { Link, useParams } from 'react-router';
import { buttonClassName, MicIcon, Notice } from '@vox/ui';

/** /podcast-ep/{linkId}: a shared episode, full screen. */
export function EpisodePage() {
  const { linkId = '' } = useParams();
  return (
    <Notice
      icon={<MicIcon />}
      eyebrow="Coming soon"
      title="Episode"
      data={{ 'data-link': linkId }}
      actions={
        <Link to="/" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          Browse channels
        </Link>
      }
    >
      <p>The shared episode will play here, with its title, notes, duration and the channel it belongs to.</p>
    </Notice>
  );
}
