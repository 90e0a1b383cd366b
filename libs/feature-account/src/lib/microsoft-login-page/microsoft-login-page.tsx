import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { completeMicrosoftLogin } from '@vox/auth';
import { MESSAGES } from '@vox/contract';
import { buttonClassName, LockIcon, Notice, Page, Spinner } from '@vox/ui';
import { href } from '@vox/variant';

export interface MicrosoftLoginPageProps {
  /** Where a signed-in user goes: '/scripts' on the main and school sites, '/' on the podcast site. */
  homePath?: string;
}

const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : MESSAGES.genericError;

/**
 * /auth/ms/login, where Microsoft sends the browser back: exchanges the
 * Microsoft sign-in for a VoxClub session, then goes home in place of this entry.
 */
export function MicrosoftLoginPage({ homePath = href('scripts') }: MicrosoftLoginPageProps) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // The exchange spends a one-time sign-in, so it runs once even when effects run twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeMicrosoftLogin().then(
      () => navigate(homePath, { replace: true }),
      (reason: unknown) => setError(errorText(reason)),
    );
  }, [homePath, navigate]);

  if (error) {
    return (
      <Notice
        icon={<LockIcon />}
        title="Microsoft sign-in did not complete"
        actions={
          <Link to={href('login')} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            Back to log in
          </Link>
        }
      >
        <p role="alert">{error}</p>
      </Notice>
    );
  }
  return (
    <Page centered>
      <Spinner size="lg" label="Logging you in with Microsoft" />
    </Page>
  );
}
