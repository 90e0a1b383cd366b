import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterForm } from './register-form';
import { fakeActions, serverError } from './test-actions';

function renderRegister(actions = fakeActions()) {
  const onModeChange = jest.fn();
  const onSuccess = jest.fn();
  render(<RegisterForm actions={actions} onModeChange={onModeChange} onSuccess={onSuccess} />);
  return { actions, onModeChange, onSuccess, user: userEvent.setup() };
}

const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText('Password');
const join = () => screen.getByRole('button', { name: 'Agree and Join' });

describe('RegisterForm', () => {
  it('has Email, Password with its hint, the consent text and Agree and Join', () => {
    renderRegister();
    expect(email()).toHaveAttribute('type', 'email');
    expect(email()).toHaveFocus();
    expect(password()).toHaveAttribute('type', 'password');
    expect(password()).toHaveAccessibleDescription('at least 6 characters');
    expect(screen.getByText('at least 6 characters')).toBeInTheDocument();
    expect(join()).toHaveAttribute('type', 'submit');
  });

  it('links the consent text to the terms', () => {
    renderRegister();
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms.closest('p')).toHaveTextContent(/^By joining you agree to the Terms of Service\.$/);
  });

  it('goes back to Log in', async () => {
    const { onModeChange, user } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onModeChange).toHaveBeenCalledWith('login');
  });

  it('rejects an invalid email before calling the server', async () => {
    const { actions, user } = renderRegister();
    await user.type(email(), 'ada@example');
    await user.type(password(), 'secret1');
    await user.click(join());
    expect(screen.getByText('Email address is not valid.')).toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription('Email address is not valid.');
    expect(email()).toHaveFocus();
    expect(actions.register).not.toHaveBeenCalled();
  });

  it('rejects a password shorter than 6 characters', async () => {
    const { actions, user } = renderRegister();
    await user.type(email(), 'ada@example.com');
    await user.type(password(), '12345');
    await user.click(join());
    expect(screen.getByText('Your password needs to contain at least 6 characters.')).toBeInTheDocument();
    expect(password()).toHaveFocus();
    expect(actions.register).not.toHaveBeenCalled();
  });

  it('shows both messages when both fields are wrong', async () => {
    const { user } = renderRegister();
    await user.click(join());
    expect(screen.getByText('Email address is not valid.')).toBeInTheDocument();
    expect(screen.getByText('Your password needs to contain at least 6 characters.')).toBeInTheDocument();
  });

  it('registers with the values exactly as typed', async () => {
    const { actions, onSuccess, user } = renderRegister();
    await user.type(email(), 'ada@example.com');
    await user.type(password(), ' secret ');
    await user.click(join());
    expect(actions.register).toHaveBeenCalledWith('ada@example.com', ' secret ');
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('counts a 6-character password as long enough', async () => {
    const { actions, user } = renderRegister();
    await user.type(email(), 'ada@example.com');
    await user.type(password(), '123456{Enter}');
    expect(actions.register).toHaveBeenCalledWith('ada@example.com', '123456');
  });

  it('shows the server text in a red alert when registration fails', async () => {
    const { user } = renderRegister(
      fakeActions({ register: jest.fn().mockRejectedValue(serverError('This email is already registered.')) }),
    );
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'secret1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This email is already registered\.$/);
  });
});
