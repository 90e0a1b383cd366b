import { Link, useParams } from 'react-router';
import { buttonClassName, MicIcon, Notice } from '@vox/ui';

/** /session/{sessionId}: full screen; the table-read reader replaces this placeholder. */
export function SessionPage() {
  const { sessionId = '' } = useParams();
  return (
    <Notice
      icon={<MicIcon />}
      eyebrow="Coming soon"
      title="Table read"
      data={{ 'data-session': sessionId }}
      actions={
        <Link to="/scripts" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          Back to scripts
        </Link>
      }
    >
      <p>
        The reader will show the script with the current line highlighted. Claim a role, record a take for each of
        your lines right in the browser, and play the whole scene back as one table read.
      </p>
    </Notice>
  );
}
