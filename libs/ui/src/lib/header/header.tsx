import { NavLink } from 'react-router';
import { cx } from '../class-names';
import { Logo } from '../logo/logo';
import { SiteMenu } from '../site-menu/site-menu';
import { SkipLink } from '../skip-link/skip-link';
import type { PageVariant, PrivilegeFlags, ShellUser, SiteVariant } from '../shell-types';
import { AccountLinks } from '../account-links/account-links';
import './header.css';

export interface HeaderProps {
  user: ShellUser | null;
  /** The user's photo as a loadable URL; initials show without it. */
  photoUrl?: string | null;
  privileges: PrivilegeFlags;
  site: SiteVariant;
  page: PageVariant;
  /** Product name, e.g. "VoxClub"; shown in the logo and the podcast variant's menu. */
  product: string;
  hasNewMessages: boolean;
  onSignOut(): void;
  loginHref?: string;
  registerHref?: string;
  /** Address of the podcast site, for the "My Podcast Page" menu entry. */
  podcastHref?: string;
  /** Address of the main site: the podcast variant's "{product} web app" entry; on the dashboard host, every link. */
  mainSiteHref?: string;
}

interface Tab {
  label: string;
  to: string;
}

/** The main variant's header: menu, logo, section tabs and the account area. */
export function Header({
  user,
  photoUrl,
  privileges,
  site,
  page,
  product,
  hasNewMessages,
  onSignOut,
  loginHref,
  registerHref,
  podcastHref,
  mainSiteHref,
}: HeaderProps) {
  // The dashboard host serves only the metrics, so its header leads to the main site.
  const siteBase = page === 'dashboard' ? mainSiteHref : undefined;
  const tabs: Tab[] = [
    ...(privileges.draft ? [{ label: 'Drafts', to: '/write' }] : []),
    { label: 'Scripts', to: '/scripts' },
    { label: 'History', to: '/history' },
    { label: 'Friends', to: '/friends' },
    { label: 'Messages', to: '/notifications' },
  ];

  return (
    <header className="vox-header">
      <SkipLink />
      <div className="vox-header__bar">
        <div className="vox-header__start">
          <SiteMenu
            loggedIn={user !== null}
            privileges={privileges}
            site={site}
            page={page}
            product={product}
            podcastHref={podcastHref}
            mainSiteHref={mainSiteHref}
            onSignOut={onSignOut}
          />
          <Logo product={product} base={siteBase} />
        </div>
        <nav className="vox-header__tabs" aria-label="Sections">
          <ul className="vox-tabs">
            {tabs.map((tab) => (
              <li key={tab.to}>
                {siteBase ? (
                  <a href={new URL(tab.to, siteBase).href} className="vox-tab">
                    {tab.label}
                    {tab.to === '/notifications' && hasNewMessages && <span className="vox-tab__dot" role="img" aria-label="new messages" />}
                  </a>
                ) : (
                  <NavLink to={tab.to} className={({ isActive }) => cx('vox-tab', isActive && 'vox-tab--active')}>
                    {tab.label}
                    {tab.to === '/notifications' && hasNewMessages && (
                      <span className="vox-tab__dot" role="img" aria-label="new messages" />
                    )}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="vox-header__end">
          <AccountLinks user={user} photoUrl={photoUrl} loginHref={loginHref} registerHref={registerHref} siteBase={siteBase} />
        </div>
      </div>
    </header>
  );
}
