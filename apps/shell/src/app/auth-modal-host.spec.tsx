import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import { resolveVariant } from '@vox/variant';
import { AuthModalHost } from './auth-modal-host';

const member: User = { id: 'u1', handle: 'ana', name: 'Ana Ames', photo: null, role: { name: 'member', privileges: [] }, classes: ['c1'] };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

afterEach(() => authStore.clear());

describe('where signing in lands', () => {
  it.each([
    ['localhost', '/scripts'],
    ['school.localhost', '/'],
    ['podcast.localhost', '/'],
    ['dashboard.localhost', '/'],
  ])('on %s, /login with someone signed in leads to %s', (host, home) => {
    authStore.setSession({ user: member, token: 't' });
    render(
      <MemoryRouter initialEntries={['/login']}>
        <AuthModalHost variant={resolveVariant(host, '/login')} />
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where')).toHaveTextContent(new RegExp(`^${home}$`));
  });

  it('leads back to the page the Log in link was followed from (a channel on the podcast site)', () => {
    authStore.setSession({ user: member, token: 't' });
    render(
      <MemoryRouter initialEntries={[{ pathname: '/login', state: { back: '/channel/c1?t=5' } }]}>
        <AuthModalHost variant={resolveVariant('podcast.localhost', '/login')} />
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/channel\/c1$/);
  });
});
