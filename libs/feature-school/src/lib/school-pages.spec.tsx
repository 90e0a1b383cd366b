import { screen } from '@testing-library/react';
import { CertificatePage } from './certificate-page/certificate-page';
import { CertificatesPage } from './certificates-page/certificates-page';
import { PilotProgramPage } from './pilot-program-page/pilot-program-page';
import { pageTitle, renderRoutes } from '@vox/testing';

const pages = { '/certificate': <CertificatesPage />, '/certificate/:certId': <CertificatePage />, '/pilot_program/id': <PilotProgramPage /> };

describe('school pages', () => {
  it('lists my certificates, with a way home from the full-screen page', () => {
    renderRoutes(pages, { route: '/certificate' });
    expect(pageTitle()).toHaveTextContent('Your certificates');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows one certificate with a way to the others', () => {
    renderRoutes(pages, { route: '/certificate/c1' });
    expect(pageTitle()).toHaveTextContent('Certificate');
    expect(screen.getByRole('link', { name: 'All certificates' })).toHaveAttribute('href', '/certificate');
  });

  it('invites schools to the pilot program', () => {
    renderRoutes(pages, { route: '/pilot_program/id' });
    expect(pageTitle()).toHaveTextContent('Pilot program for schools');
  });
});
