import { useState, type FormEvent } from 'react';
import { Alert, Button } from '@vox/ui';
import { PasswordField, TextField } from '@vox/ui/forms';
import { MESSAGES, PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH } from '@vox/contract';
import type { AuthActions } from '../lib/auth-actions';
import { useSubmission } from './use-submission';

export type ResetStep = 'username' | 'code' | 'password' | 'done';

export const SPAM_HINT = "Didn't get it? Check your spam folder.";

export interface ResetPasswordFlowProps {
  actions: Pick<AuthActions, 'requestResetCode' | 'verifyResetCode' | 'resetPassword'>;
  /** Leaves the flow for the login form: from OK when done, or "Back to log in". */
  onBackToLogin(): void;
}

const STEP_NUMBER: Record<Exclude<ResetStep, 'done'>, number> = { username: 1, code: 2, password: 3 };

/** Password reset: email, then the 6-digit code, then a new password, then done. */
export function ResetPasswordFlow({ actions, onBackToLogin }: ResetPasswordFlowProps) {
  const [step, setStep] = useState<ResetStep>('username');
  const [username, setUsername] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const submission = useSubmission();

  const goTo = (next: ResetStep) => {
    setFieldError(null);
    setResent(false);
    setStep(next);
  };

  const requestCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = username.trim();
    if (!id) {
      setFieldError('Enter your email.');
      return;
    }
    if (await submission.run(() => actions.requestResetCode(id))) goTo('code');
  };

  const resendCode = async () => {
    setResent(false);
    setResending(true);
    const sent = await submission.run(() => actions.requestResetCode(username.trim()));
    setResending(false);
    setResent(sent);
  };

  const verifyCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== RESET_CODE_LENGTH) {
      setFieldError(`Enter the ${RESET_CODE_LENGTH}-digit code.`);
      return;
    }
    if (await submission.run(() => actions.verifyResetCode(username.trim(), code))) goTo('password');
  };

  const savePassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setFieldError(MESSAGES.shortPassword);
      return;
    }
    if (await submission.run(() => actions.resetPassword(username.trim(), code, password))) goTo('done');
  };

  if (step === 'done') {
    return (
      <div className="vox-auth-form vox-auth-done">
        <span className="vox-auth-done__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <p role="status" className="vox-auth-done__text">
          {MESSAGES.resetDone}
        </p>
        <Button size="lg" block autoFocus onClick={onBackToLogin}>
          OK
        </Button>
      </div>
    );
  }

  const stepLine = <p className="vox-auth-form__step">{`Step ${STEP_NUMBER[step]} of 3`}</p>;
  const backToLogin = (
    <p className="vox-auth-form__switch">
      <Button variant="link" onClick={onBackToLogin}>
        Back to log in
      </Button>
    </p>
  );

  if (step === 'username') {
    return (
      <form className="vox-auth-form" noValidate onSubmit={requestCode}>
        {stepLine}
        <p className="vox-auth-form__lead">Enter the email of your account and we will send you a 6-digit code.</p>
        {submission.error && <Alert>{submission.error}</Alert>}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={username}
          error={fieldError ?? undefined}
          onChange={(event) => {
            setUsername(event.target.value);
            setFieldError(null);
          }}
        />
        <Button type="submit" size="lg" block busy={submission.busy && !resending}>
          Reset Password
        </Button>
        {backToLogin}
      </form>
    );
  }

  if (step === 'code') {
    return (
      <form className="vox-auth-form" noValidate onSubmit={verifyCode}>
        {stepLine}
        <p className="vox-auth-form__lead">
          We sent a code to <strong className="vox-auth-form__email">{username.trim()}</strong>.
        </p>
        {submission.error && <Alert>{submission.error}</Alert>}
        {resent && <Alert variant="success">We sent you a new code.</Alert>}
        <TextField
          className="vox-auth-code"
          label="Verification code"
          name="code"
          hint="6 digits"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          maxLength={RESET_CODE_LENGTH}
          autoFocus
          value={code}
          error={fieldError ?? undefined}
          onChange={(event) => {
            // The code is a number: anything else typed or pasted is dropped.
            setCode(event.target.value.replace(/\D/g, '').slice(0, RESET_CODE_LENGTH));
            setFieldError(null);
          }}
        />
        <div className="vox-auth-form__resend">
          <p className="vox-auth-form__hint">{SPAM_HINT}</p>
          <Button variant="link" size="sm" busy={resending} onClick={resendCode}>
            Resend code
          </Button>
        </div>
        <Button type="submit" size="lg" block busy={submission.busy && !resending}>
          Next
        </Button>
      </form>
    );
  }

  return (
    <form className="vox-auth-form" noValidate onSubmit={savePassword}>
      {stepLine}
      <p className="vox-auth-form__lead">Choose a new password for your account.</p>
      {submission.error && <Alert>{submission.error}</Alert>}
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username.trim()} readOnly hidden />
      <PasswordField
        label="New password"
        name="new-password"
        autoComplete="new-password"
        hint="at least 6 characters"
        autoFocus
        value={password}
        error={fieldError ?? undefined}
        onChange={(event) => {
          setPassword(event.target.value);
          setFieldError(null);
        }}
      />
      <Button type="submit" size="lg" block busy={submission.busy}>
        Submit
      </Button>
    </form>
  );
}
