import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import { FriendsPage } from './friends-page/friends-page';
import { MessagesPage } from './messages-page/messages-page';
import { ProfilePage } from './profile-page/profile-page';

const ada: User = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };

function renderProfile(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/members/:handle" element={<ProfilePage />} />
        <Route path="/profile/:userId" element={<ProfilePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => authStore.clear());

describe('social pages', () => {
  it('the friends page tells what it will list', () => {
    render(<FriendsPage />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { level: 1, name: 'Your friends' })).toBeInTheDocument();
    expect(screen.getByText(/pending friend requests/)).toBeInTheDocument();
  });

  it('the messages page tells what arrives there', () => {
    render(<MessagesPage />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByText(/invitations to table reads/)).toBeInTheDocument();
  });

  it("shows another member's profile by handle, with a way home", () => {
    renderProfile('/members/grace');
    expect(screen.getByRole('heading', { level: 1, name: '@grace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('knows my own profile by handle and by id', () => {
    authStore.setSession({ token: 't', user: ada });
    const { unmount } = renderProfile('/members/ada');
    expect(screen.getByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    unmount();
    renderProfile('/profile/u1');
    expect(screen.getByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
  });

  it('names a profile opened by id a member profile', () => {
    renderProfile('/profile/u7');
    expect(screen.getByRole('heading', { level: 1, name: 'Member profile' })).toBeInTheDocument();
  });
});
