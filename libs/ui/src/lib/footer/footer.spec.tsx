import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Footer } from './footer';

describe('Footer', () => {
  it('links Terms of Service, Privacy Policy and Contact Us', () => {
    render(
      <MemoryRouter>
        <Footer product="VoxClub" year={2025} />
      </MemoryRouter>,
    );
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(footer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(footer.getByText('© 2025 VoxClub')).toBeInTheDocument();
  });

  it('shows the current year and the product name by default', () => {
    render(
      <MemoryRouter>
        <Footer product="VoxClub" />
      </MemoryRouter>,
    );
    expect(screen.getByText(`© ${new Date().getFullYear()} VoxClub`)).toBeInTheDocument();
  });
});
