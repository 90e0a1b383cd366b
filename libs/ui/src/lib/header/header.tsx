import { NavLink } from 'react-router';
import { href, type PlainPathId } from '@vox/variant';
import { cx } from '../class-names';
import { Logo } from '../logo/logo';
import { SiteMenu } from '../site-menu/site-menu';
import { isOtherHost, useSiteHref } from '../site-link/site-link';
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
}

interface Tab {
  label: string;
  to: string;
}

const tab = (label: string, id: PlainPathId): Tab => ({ label, to: href(id) });

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
}: HeaderProps) {
  // A tab leads to the host that serves its page (the dashboard host serves only the metrics).
  const siteHref = useSiteHref();
  // The school site adds a teacher's classes and everyone's certificates.
  const school = site === 'school';
  const tabs: Tab[] = [
    ...(privileges.draft ? [tab('Drafts', 'drafts')] : []),
    ...(school && privileges.teach ? [tab('Classes', 'classes')] : []),
    tab('Scripts', 'scripts'),
    tab('History', 'history'),
    tab('Friends', 'friends'),
    tab('Messages', 'notifications'),
    ...(school ? [tab('Certificates', 'certificates')] : []),
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
            onSignOut={onSignOut}
          />
          <Logo product={product} />
        </div>
        <nav className="vox-header__tabs" aria-label="Sections">
          <ul className="vox-tabs">
            {tabs.map((tab) => {
              const target = siteHref(tab.to);
              const dot = tab.to === href('notifications') && hasNewMessages && <span className="vox-tab__dot" role="img" aria-label="new messages" />;
              return (
                <li key={tab.to}>
                  {isOtherHost(target) ? (
                    <a href={target} className="vox-tab">
                      {tab.label}
                      {dot}
                    </a>
                  ) : (
                    <NavLink to={target} className={({ isActive }) => cx('vox-tab', isActive && 'vox-tab--active')}>
                      {tab.label}
                      {dot}
                    </NavLink>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="vox-header__end">
          <AccountLinks user={user} photoUrl={photoUrl} loginHref={loginHref} registerHref={registerHref} />
        </div>
      </div>
    </header>
  );
}
