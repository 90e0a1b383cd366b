export { CertificatesPage } from './lib/certificates-page/certificates-page';
export { CertificatePage } from './lib/certificate-page/certificate-page';
export { PilotProgramPage } from './lib/pilot-program-page/pilot-program-page';
// Classes and assignments.
export { SchoolHomePage } from './lib/school-home-page/school-home-page';
export { ClassesPage } from './lib/classes-page/classes-page';
export { ClassPage } from './lib/class-page/class-page';
export { AssignmentPage } from './lib/assignment-page/assignment-page';
export { SetPasswordPage } from './lib/set-password-page/set-password-page';
