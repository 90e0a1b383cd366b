import { Link, useLocation } from 'react-router';
import { displayName as personName } from '@vox/contract';
import { href } from '@vox/variant';
import { SiteLink } from '../site-link/site-link';
import { Avatar } from '../avatar/avatar';
import { buttonClassName } from '../button/button';
import { profileHref, type ShellUser } from '../shell-types';
import './account-links.css';

interface AccountLinksProps {
  user: ShellUser | null;
  photoUrl?: string | null;
  loginHref?: string;
  registerHref?: string;
}

/** The right end of a bar: the signed-in user's avatar, or Log in and Sign up. */
export function AccountLinks({ user, photoUrl, loginHref = href('login'), registerHref = href('register') }: AccountLinksProps) {
  // Logging in from a page comes back to it (the login route reads `back`); closing either dialog too.
  const { pathname, search } = useLocation();
  if (!user) {
    const from = { back: pathname + search };
    return (
      <div className="vox-account vox-account--guest">
        <Link to={loginHref} state={from} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          Log in
        </Link>
        <Link to={registerHref} state={from} className={buttonClassName({ variant: 'primary', size: 'sm' })}>
          Sign up
        </Link>
      </div>
    );
  }
  // The one person-name rule (name, else @handle, else Guest), as everywhere else.
  const displayName = personName(user);
  return (
    <div className="vox-account">
      <SiteLink to={profileHref(user)} className="vox-account__profile" title="Your profile">
        <Avatar name={displayName} photoUrl={photoUrl} size="sm" decorative />
        <span className="vox-account__name">{displayName}</span>
      </SiteLink>
    </div>
  );
}
