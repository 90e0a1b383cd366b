import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { authActions, useUser } from '@vox/auth';
import { buttonClassName, LockIcon, Notice, Page, Spinner } from '@vox/ui';
import { href } from '@vox/variant';

/**
 * /auth/ms/logout, where Microsoft sends the browser after signing out there: ends the VoxClub
 * session too, if one is still open, and says so.
 */
export function MicrosoftLogoutPage() {
  const user = useUser();
  const signingOut = useRef(false);

  useEffect(() => {
    if (!user || signingOut.current) return;
    signingOut.current = true;
    void authActions.signOut();
  }, [user]);

  if (user) {
    return (
      <Page centered>
        <Spinner size="lg" label="Logging you out" />
      </Page>
    );
  }
  return (
    <Notice
      icon={<LockIcon />}
      title="You are logged out."
      actions={
        <Link to={href('home')} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          Go to the home page
        </Link>
      }
    >
      <p>Thanks for reading with us. See you at the next table read.</p>
    </Notice>
  );
}
