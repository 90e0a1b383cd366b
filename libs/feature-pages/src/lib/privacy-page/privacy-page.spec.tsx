import { screen, within } from '@testing-library/react';
import { renderPage } from '../render-page';
import { PrivacyPage } from './privacy-page';

function sectionAfter(heading: string): HTMLElement {
  return screen.getByRole('heading', { level: 2, name: heading }).nextElementSibling as HTMLElement;
}

describe('PrivacyPage', () => {
  it('has its title as the level-1 heading and the date it was last updated', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const date = screen.getByText('21 November 2026');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', '2026-11-21');
  });

  it('covers collection, purpose, cookies, Microsoft sign-in, retention, rights and contact', () => {
    renderPage(<PrivacyPage />);
    for (const name of [
      'What we collect',
      'Why we use it',
      'Cookies and browser storage',
      'Signing in with Microsoft',
      'How long we keep it',
      'Your rights',
      'Contact',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
  });

  it('lists the activity log with its per-tab session id and the sign-in events', () => {
    renderPage(<PrivacyPage />);
    const collected = within(sectionAfter('What we collect'));
    expect(collected.getByText(/random per browser tab/)).toBeInTheDocument();
    expect(collected.getByText('Sign-in events')).toBeInTheDocument();
  });

  it('names both cookies (the httpOnly sign-in cookie, the signed-in hint) and no advertising cookies', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getByText(/two cookies/)).toBeInTheDocument();
    expect(screen.getByText(/an httpOnly sign-in cookie/)).toBeInTheDocument();
    expect(screen.getByText('vox_signed_in')).toBeInTheDocument();
    expect(screen.getByText(/holds only the value 1/)).toBeInTheDocument();
    expect(screen.getByText(/no advertising cookies, no third-party trackers/)).toBeInTheDocument();
  });

  it('names access, export and deletion among your rights', () => {
    renderPage(<PrivacyPage />);
    const rights = within(screen.getByRole('heading', { level: 2, name: 'Your rights' }).nextElementSibling
      ?.nextElementSibling as HTMLElement);
    expect(rights.getByText('Access')).toBeInTheDocument();
    expect(rights.getByText('Export')).toBeInTheDocument();
    expect(rights.getByText('Delete')).toBeInTheDocument();
  });

  it('sends questions to the contact page', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });
});
