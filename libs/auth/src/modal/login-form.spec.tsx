import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteVariant } from '@vox/ui';
import { LoginForm } from './login-form';
import { fakeActions, serverError } from './test-actions';

function renderLogin({
  site = 'default',
  msConfigured = false,
  actions = fakeActions(),
}: { site?: SiteVariant; msConfigured?: boolean; actions?: ReturnType<typeof fakeActions> } = {}) {
  const onModeChange = jest.fn();
  const onSuccess = jest.fn();
  render(
    <LoginForm
      actions={actions}
      onModeChange={onModeChange}
      site={site}
      schoolLoginHref="https://school.voxclub.example/login"
      msConfigured={msConfigured}
      onSuccess={onSuccess}
    />,
  );
  return { actions, onModeChange, onSuccess, user: userEvent.setup() };
}

describe('LoginForm', () => {
  it('has every control of the login form', () => {
    renderLogin({ msConfigured: true });
    expect(screen.getByRole('textbox', { name: 'Email or handle' })).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Log in with Microsoft' })).toBeInTheDocument();
  });

  it('offers New Member and School Member on the default site', () => {
    renderLogin({ site: 'default' });
    expect(screen.getByRole('button', { name: 'New Member' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'School Member' })).toHaveAttribute(
      'href',
      'https://school.voxclub.example/login',
    );
  });

  it.each<SiteVariant>(['school', 'dashboard'])('leaves New Member and School Member off the %s site', (site) => {
    renderLogin({ site });
    expect(screen.queryByRole('button', { name: 'New Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'School Member' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot Password' })).toBeInTheDocument();
  });

  it('asks the school site for the User ID its students get, and the others for an email or handle', async () => {
    renderLogin({ site: 'school' });
    expect(screen.getByRole('textbox', { name: 'User ID' })).toHaveFocus();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('textbox', { name: 'User ID' })).toHaveAccessibleDescription('Enter your User ID.');
  });

  it('leaves School Member off where no school login is given (the podcast site), New Member stays', () => {
    render(<LoginForm actions={fakeActions()} onModeChange={jest.fn()} site="default" msConfigured={false} />);
    expect(screen.getByRole('textbox', { name: 'Email or handle' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Member' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'School Member' })).not.toBeInTheDocument();
  });

  it('logs in with the trimmed user id and password when Enter is pressed', async () => {
    const { actions, onSuccess, user } = renderLogin();
    await user.type(screen.getByRole('textbox', { name: 'Email or handle' }), '  ada@example.com ');
    await user.type(screen.getByLabelText('Password'), ' secret1  {Enter}');
    expect(actions.login).toHaveBeenCalledWith('ada@example.com', 'secret1');
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('shows the server text in a red alert when login fails', async () => {
    const actions = fakeActions({ login: jest.fn().mockRejectedValue(serverError('Wrong user ID or password.')) });
    const { onSuccess, user } = renderLogin({ actions });
    await user.type(screen.getByRole('textbox', { name: 'Email or handle' }), 'ada');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Wrong user ID or password\.$/);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("falls back to 'An error occurred.' when the failure has no text", async () => {
    const actions = fakeActions({ login: jest.fn().mockRejectedValue({}) });
    const { user } = renderLogin({ actions });
    await user.type(screen.getByRole('textbox', { name: 'Email or handle' }), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred\.$/);
  });

  it('asks for both fields before calling the server', async () => {
    const { actions, user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(actions.login).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Email or handle' })).toHaveAccessibleDescription(
      'Enter your email or handle.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(screen.getByRole('textbox', { name: 'Email or handle' })).toHaveFocus();
  });

  it('switches to the reset flow with Forgot Password', async () => {
    const { onModeChange, user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(onModeChange).toHaveBeenCalledWith('resetPassword');
  });

  it('switches to registration with New Member', async () => {
    const { onModeChange, user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'New Member' }));
    expect(onModeChange).toHaveBeenCalledWith('register');
  });

  // A button that can only fail is a dead end; it was a notice after the click.
  it('hides Log in with Microsoft when Microsoft sign-in is not configured', () => {
    const { actions } = renderLogin({ msConfigured: false });
    expect(screen.queryByRole('button', { name: 'Log in with Microsoft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(actions.startMicrosoftLogin).not.toHaveBeenCalled();
  });

  it('starts Microsoft sign-in when configured', async () => {
    const { actions, user } = renderLogin({ msConfigured: true });
    await user.click(screen.getByRole('button', { name: 'Log in with Microsoft' }));
    expect(actions.startMicrosoftLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Sign-in with Microsoft is not configured.')).not.toBeInTheDocument();
  });

  it('shows why Microsoft sign-in could not start', async () => {
    const actions = fakeActions({ startMicrosoftLogin: jest.fn().mockRejectedValue(serverError('Pop-up blocked.')) });
    const { user } = renderLogin({ msConfigured: true, actions });
    await user.click(screen.getByRole('button', { name: 'Log in with Microsoft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Pop-up blocked\.$/);
  });
});
