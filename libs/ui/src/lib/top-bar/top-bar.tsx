import { NavLink } from 'react-router';
import { href } from '@vox/variant';
import { cx } from '../class-names';
import { AccountLinks } from '../account-links/account-links';
import { HeartIcon, HomeIcon } from '../icons/icons';
import { Logo } from '../logo/logo';
import { SiteMenu } from '../site-menu/site-menu';
import { SkipLink } from '../skip-link/skip-link';
import type { PrivilegeFlags, ShellUser, SiteVariant } from '../shell-types';
import './top-bar.css';

export interface TopBarProps {
  user: ShellUser | null;
  photoUrl?: string | null;
  privileges: PrivilegeFlags;
  site: SiteVariant;
  product: string;
  onSignOut(): void;
  loginHref?: string;
  registerHref?: string;
}

const iconLinkClass = ({ isActive }: { isActive: boolean }) => cx('vox-icon-link', isActive && 'vox-icon-link--active');

/** The podcast variant's top bar: menu, logo, Home and Favorites icons, account. */
export function TopBar({
  user,
  photoUrl,
  privileges,
  site,
  product,
  onSignOut,
  loginHref,
  registerHref,
}: TopBarProps) {
  return (
    <header className="vox-top-bar">
      <SkipLink />
      <div className="vox-top-bar__inner">
        <div className="vox-top-bar__start">
          <SiteMenu
            loggedIn={user !== null}
            privileges={privileges}
            site={site}
            page="channel"
            product={product}
            onSignOut={onSignOut}
          />
          <Logo product={product} />
        </div>
        <div className="vox-top-bar__end">
          <nav className="vox-top-bar__icons" aria-label="Shortcuts">
            <NavLink to={href('home')} end className={iconLinkClass} aria-label="Home" title="Home">
              <HomeIcon />
            </NavLink>
            <NavLink to={href('favorites')} className={iconLinkClass} aria-label="Favorites" title="Favorites">
              <HeartIcon />
            </NavLink>
          </nav>
          <AccountLinks user={user} photoUrl={photoUrl} loginHref={loginHref} registerHref={registerHref} />
        </div>
      </div>
    </header>
  );
}
