import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar, initialsOf } from './avatar';

describe('Avatar', () => {
  it('shows the photo, named after the person', () => {
    render(<Avatar name="Ada Lovelace" photoUrl="/api/users/photo/p1" size="lg" />);
    const img = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(img).toHaveAttribute('src', '/api/users/photo/p1');
    expect(img).toHaveClass('vox-avatar--lg');
  });

  it('shows initials without a photo', () => {
    render(<Avatar name="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  });

  it('falls back to initials when the photo fails to load', () => {
    render(<Avatar name="Ada" photoUrl="/broken.png" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada' }));
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveTextContent('A');
  });

  it('calls a nameless person Guest', () => {
    render(<Avatar name={null} />);
    expect(screen.getByRole('img', { name: 'Guest' })).toHaveTextContent('G');
  });

  it('stays silent when decorative', () => {
    render(<Avatar name="Ada" decorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('takes up to two initials', () => {
    expect(initialsOf('grace brewster murray hopper')).toBe('GH');
    expect(initialsOf('  ')).toBe('G');
    expect(initialsOf('Émile')).toBe('É');
    expect(initialsOf('@grace')).toBe('G');
  });
});
