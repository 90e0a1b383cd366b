import { Navigate } from 'react-router';
import { usePrivileges, useUser } from '@vox/auth';
import { lazyPage } from '@vox/ui';
import { PATHS } from '@vox/variant';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-school');
const SchoolHomePage = lazyPage(load, (m) => m.SchoolHomePage);

/**
 * Logged out, the school site's / goes to /about. Signed in, a school user (one
 * with a class) or a teacher gets the school home; anyone else, the scripts.
 */
function SchoolHome() {
  const user = useUser();
  // The teacher role's privilege is known with the user (no wait for subscriptions).
  const { has } = usePrivileges();
  if (!user) return <Navigate to={PATHS.about} replace />;
  if (user.classes.length > 0 || has('teach')) return <SchoolHomePage />;
  return <Navigate to={PATHS.scripts} replace />;
}

export const schoolPages: PageRecord = {
  schoolHome: SchoolHome,
  certificates: lazyPage(load, (m) => m.CertificatesPage),
  certificate: lazyPage(load, (m) => m.CertificatePage),
  pilotProgram: lazyPage(load, (m) => m.PilotProgramPage),
  classes: lazyPage(load, (m) => m.ClassesPage),
  class: lazyPage(load, (m) => m.ClassPage),
  assignment: lazyPage(load, (m) => m.AssignmentPage),
  setPassword: lazyPage(load, (m) => m.SetPasswordPage),
};
