import { useEffect, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { documentTitle } from '@vox/variant';
import { STAFF_PATHS } from './staff-paths';
import './staff-nav.css';

const STAFF_PAGES = [
  { to: STAFF_PATHS.charts, label: 'Charts' },
  { to: STAFF_PATHS.vitals, label: 'Web vitals' },
  { to: STAFF_PATHS.jobs, label: 'Failed jobs' },
  { to: STAFF_PATHS.requests, label: 'Requests' },
] as const;

/** Tabs between the staff pages of the dashboard site. */
function StaffNav() {
  return (
    <nav className="vox-staff-nav" aria-label="Dashboard">
      {STAFF_PAGES.map((page) => (
        <NavLink key={page.to} to={page.to} end className="vox-staff-nav__link">
          {page.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The top of every staff page: the tabs, then the title (also the tab's) with its lead line and any actions. */
export function StaffPageHead({ title, lead, children }: { title: string; lead: ReactNode; children?: ReactNode }) {
  // The tab's title (usePageTitle's rule, written here: @vox/ui/page-kit on the dashboard's first
  // route would bring a second copy of @vox/ui's main entry).
  useEffect(() => {
    document.title = documentTitle(title, 'dashboard');
  }, [title]);
  return (
    <>
      <StaffNav />
      <header className="vox-staff__head">
        <div>
          <h1 className="vox-page-title vox-staff__title">{title}</h1>
          <p className="vox-page-lead vox-staff__lead">{lead}</p>
        </div>
        {children}
      </header>
    </>
  );
}
