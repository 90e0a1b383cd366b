export { CertificatesPage } from './lib/certificates-page/certificates-page';
export { CertificatePage } from './lib/certificate-page/certificate-page';
export { PilotProgramPage } from './lib/pilot-program-page/pilot-program-page';
