import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { PromptPage } from './prompt-page';

describe('PromptPage', () => {
  it.each(['scripts', 'history', 'friend list', 'messages', 'podcasts'])('asks to log in to see your %s', (what) => {
    render(
      <MemoryRouter>
        <PromptPage what={what} onLogIn={jest.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: `Log in to see your ${what}` })).toBeInTheDocument();
  });

  it('opens the login with Log in and links Sign up to registration', async () => {
    const onLogIn = jest.fn();
    render(
      <MemoryRouter>
        <PromptPage what="scripts" onLogIn={onLogIn} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onLogIn).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });
});
