import { Link, useParams } from 'react-router';
import { useUser } from '@vox/auth';
import { buttonClassName, MicIcon, Notice } from '@vox/ui';

/** /members/{handle} and /profile/{userId}: full screen, so it carries its own way home. */
export function ProfilePage() {
  const { handle, userId } = useParams();
  const user = useUser();
  const mine = Boolean(user && ((handle && user.handle === handle) || (userId && user.id === userId)));
  return (
    <Notice
      icon={<MicIcon />}
      eyebrow="Coming soon"
      title={mine ? 'Your profile' : handle ? `@${handle}` : 'Member profile'}
      actions={
        <Link to="/" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          Go to the home page
        </Link>
      }
    >
      <p>
        {mine
          ? 'Your name, photo, bio and public scripts will be shown here, and you will be able to edit your name, handle, bio and photo.'
          : "This member's name, photo, bio and public scripts will be shown here."}
      </p>
    </Notice>
  );
}
