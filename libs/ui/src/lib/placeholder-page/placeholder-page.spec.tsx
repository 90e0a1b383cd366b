import { render, screen } from '@testing-library/react';
import { PlaceholderPage } from './placeholder-page';

describe('PlaceholderPage', () => {
  it('says what the page will hold', () => {
    render(<PlaceholderPage title="Events" description="Upcoming table reads and workshops will be listed here." />);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(screen.getByText('Upcoming table reads and workshops will be listed here.')).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });
});
