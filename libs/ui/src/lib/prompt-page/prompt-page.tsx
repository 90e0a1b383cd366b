import { Link } from 'react-router';
import { href } from '@vox/variant';
import { Button, buttonClassName } from '../button/button';
import { LockIcon } from '../icons/icons';
import { Notice } from '../notice/notice';

interface PromptPageProps {
  /** What the visitor would see once logged in: "scripts", "history", "friend list"… */
  what: string;
  onLogIn(): void;
  registerHref?: string;
}

/** Shown to logged-out visitors on pages that need an account. */
export function PromptPage({ what, onLogIn, registerHref = href('register') }: PromptPageProps) {
  return (
    <Notice
      icon={<LockIcon />}
      title={`Log in to see your ${what}`}
      actions={
        <>
          <Button variant="primary" size="lg" onClick={onLogIn}>
            Log in
          </Button>
          <Link to={registerHref} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            Sign up
          </Link>
        </>
      }
    >
      <p>New here? Sign up for free and join the club.</p>
    </Notice>
  );
}
