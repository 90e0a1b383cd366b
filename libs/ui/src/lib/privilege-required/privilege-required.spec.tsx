import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PrivilegeRequired } from './privilege-required';

describe('PrivilegeRequired', () => {
  it('names what the membership lacks and links to /membership', () => {
    render(
      <MemoryRouter>
        <PrivilegeRequired privilege="audio_library" label="the Audio Library" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Your membership does not include the Audio Library.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose your membership' })).toHaveAttribute('href', '/membership');
    expect(screen.getByRole('region')).toHaveAttribute('data-privilege', 'audio_library');
  });
});
