import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResetPasswordFlow } from './reset-password-flow';
import { fakeActions, serverError } from './test-actions';

function renderReset(actions = fakeActions()) {
  const onBackToLogin = jest.fn();
  render(<ResetPasswordFlow actions={actions} onBackToLogin={onBackToLogin} />);
  return { actions, onBackToLogin, user: userEvent.setup() };
}

type Setup = ReturnType<typeof renderReset>;

async function toCodeStep({ user }: Setup) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  await screen.findByRole('textbox', { name: 'Verification code' });
}

async function toPasswordStep(setup: Setup) {
  await toCodeStep(setup);
  await setup.user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
  await setup.user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText('New password');
}

describe('ResetPasswordFlow', () => {
  it('starts with the Email field and Reset Password', () => {
    renderReset();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toHaveAttribute('type', 'submit');
  });

  it('requests a code for the email and moves to the code step', async () => {
    const setup = renderReset();
    await toCodeStep(setup);
    expect(setup.actions.requestResetCode).toHaveBeenCalledWith('ada@example.com');
    const code = screen.getByRole('textbox', { name: 'Verification code' });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAccessibleDescription('6 digits');
    expect(screen.getByText("Didn't get it? Check your spam folder.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('resends the code and stays on the code step', async () => {
    const setup = renderReset();
    await toCodeStep(setup);
    await setup.user.type(screen.getByRole('textbox', { name: 'Verification code' }), '12');
    await setup.user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(setup.actions.requestResetCode).toHaveBeenCalledTimes(2);
    expect(setup.actions.requestResetCode).toHaveBeenLastCalledWith('ada@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('We sent you a new code.');
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveValue('12');
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('takes only digits in the code', async () => {
    const setup = renderReset();
    await toCodeStep(setup);
    await setup.user.type(screen.getByRole('textbox', { name: 'Verification code' }), '12a-34 5678');
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveValue('123456');
  });

  it('asks for all 6 digits before verifying', async () => {
    const setup = renderReset();
    await toCodeStep(setup);
    await setup.user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123{Enter}');
    expect(setup.actions.verifyResetCode).not.toHaveBeenCalled();
    expect(screen.getByText('Enter the 6-digit code.')).toBeInTheDocument();
  });

  it('verifies the code with Next and asks for a new password', async () => {
    const setup = renderReset();
    await toPasswordStep(setup);
    expect(setup.actions.verifyResetCode).toHaveBeenCalledWith('ada@example.com', '123456');
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('rejects a new password shorter than 6 characters', async () => {
    const setup = renderReset();
    await toPasswordStep(setup);
    await setup.user.type(screen.getByLabelText('New password'), '12345');
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Your password needs to contain at least 6 characters.')).toBeInTheDocument();
    expect(setup.actions.resetPassword).not.toHaveBeenCalled();
  });

  it('resets the password, confirms it, and returns to login with OK', async () => {
    const setup = renderReset();
    await toPasswordStep(setup);
    await setup.user.type(screen.getByLabelText('New password'), 'newsecret');
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(setup.actions.resetPassword).toHaveBeenCalledWith('ada@example.com', '123456', 'newsecret');
    expect(await screen.findByText('Your password has been reset successfully.')).toBeInTheDocument();
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(ok).toHaveFocus();
    await setup.user.click(ok);
    expect(setup.onBackToLogin).toHaveBeenCalledTimes(1);
  });

  it("shows the server's text when a step fails", async () => {
    const setup = renderReset(
      fakeActions({ requestResetCode: jest.fn().mockRejectedValue(serverError('No account uses this email.')) }),
    );
    await setup.user.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No account uses this email\.$/);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it("shows 'An error occurred.' when a failure has no text", async () => {
    const setup = renderReset(fakeActions({ verifyResetCode: jest.fn().mockRejectedValue(new Error('')) }));
    await toCodeStep(setup);
    await setup.user.type(screen.getByRole('textbox', { name: 'Verification code' }), '654321{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred\.$/);
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toBeInTheDocument();
  });

  it('reports a failed resend and stays on the code step', async () => {
    const requestResetCode = jest
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(serverError('Too many requests. Try again in a minute.'));
    const setup = renderReset(fakeActions({ requestResetCode }));
    await toCodeStep(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many requests\. Try again in a minute\.$/);
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toBeInTheDocument();
  });

  it('shows the reset-step failure from the server', async () => {
    const setup = renderReset(fakeActions({ resetPassword: jest.fn().mockRejectedValue(serverError('Code expired.')) }));
    await toPasswordStep(setup);
    await setup.user.type(screen.getByLabelText('New password'), 'newsecret{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Code expired\.$/);
  });

  it('needs an email before requesting a code', async () => {
    const setup = renderReset();
    await setup.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(setup.actions.requestResetCode).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter your email.');
  });

  it('can go back to login', async () => {
    const setup = renderReset();
    await setup.user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(setup.onBackToLogin).toHaveBeenCalledTimes(1);
  });
});
