import { screen } from '@testing-library/react';
import { renderPage } from '../render-page';
import { TermsPage } from './terms-page';

describe('TermsPage', () => {
  it('has its title as the level-1 heading and the date it was last updated', () => {
    renderPage(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('21 November 2026')).toHaveAttribute('datetime', '2026-11-21');
  });

  it('has a section for each topic, in order', () => {
    renderPage(<TermsPage />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Your account and membership',
      'Acceptable use',
      'Your content',
      'Copyright of scripts',
      'Recordings',
      'Paid memberships, renewals and expiry',
      'Ending your account',
      'Disclaimers',
      'Changes to these terms',
      'Contact',
    ]);
  });

  it('explains that a plan grants a role for a period and what expiry means', () => {
    renderPage(<TermsPage />);
    expect(screen.getByText(/grants a role, such as Writer or Premium, for\s+the period shown/)).toBeInTheDocument();
    expect(screen.getByText(/When a membership expires, its privileges stop/)).toBeInTheDocument();
  });

  it('links membership, subscription, privacy and contact pages', () => {
    renderPage(<TermsPage />);
    expect(screen.getByRole('link', { name: 'membership page' })).toHaveAttribute('href', '/membership');
    expect(screen.getByRole('link', { name: 'subscription page' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    for (const link of screen.getAllByRole('link', { name: 'contact form' })) {
      expect(link).toHaveAttribute('href', '/contact');
    }
  });
});
