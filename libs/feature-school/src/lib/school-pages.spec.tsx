import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CertificatePage } from './certificate-page/certificate-page';
import { CertificatesPage } from './certificates-page/certificates-page';
import { PilotProgramPage } from './pilot-program-page/pilot-program-page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/certificate" element={<CertificatesPage />} />
        <Route path="/certificate/:certId" element={<CertificatePage />} />
        <Route path="/pilot_program/id" element={<PilotProgramPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const title = () => screen.getByRole('heading', { level: 1 });

describe('school pages', () => {
  it('lists my certificates, with a way home from the full-screen page', () => {
    renderAt('/certificate');
    expect(title()).toHaveTextContent('Your certificates');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows one certificate with a way to the others', () => {
    renderAt('/certificate/c1');
    expect(title()).toHaveTextContent('Certificate');
    expect(screen.getByRole('link', { name: 'All certificates' })).toHaveAttribute('href', '/certificate');
  });

  it('invites schools to the pilot program', () => {
    renderAt('/pilot_program/id');
    expect(title()).toHaveTextContent('Pilot program for schools');
  });
});
