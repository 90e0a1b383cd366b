import { NavLink } from 'react-router';
import './staff-nav.css';

/** The dashboard's own pages; /metrics/... paths so they reach the dashboard from any host. */
export const STAFF_PAGES = [
  { to: '/metrics', label: 'Charts' },
  { to: '/metrics/jobs', label: 'Failed jobs' },
  { to: '/metrics/requests', label: 'Requests' },
] as const;

/** Tabs between the staff pages of the dashboard site. */
export function StaffNav() {
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
