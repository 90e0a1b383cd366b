import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AccountLinks } from './account-links';

function LoginRoute() {
  return <p data-testid="back">{(useLocation().state as { back?: string } | null)?.back}</p>;
}

describe('AccountLinks', () => {
  it('sends a visitor to log in with the page they were on, so signing in comes back to it', () => {
    render(
      <MemoryRouter initialEntries={['/channel/c1?t=5']}>
        <Routes>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="*" element={<AccountLinks user={null} />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByTestId('back')).toHaveTextContent('/channel/c1?t=5');
  });
});
