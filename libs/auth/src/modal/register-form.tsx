import { useState, type FormEvent } from 'react';
import { Alert, Button } from '@vox/ui';
import { PasswordField, TextField, useFocusFirstInvalid } from '@vox/ui/forms';
import { MESSAGES, PASSWORD_MIN_LENGTH, isValidEmail } from '@vox/contract';
import { href } from '@vox/variant';
import type { AuthActions } from '../lib/auth-actions';
import type { AuthMode } from './auth-mode';
import { useSubmission } from './use-submission';

export interface RegisterFormProps {
  actions: Pick<AuthActions, 'register'>;
  onModeChange(mode: AuthMode): void;
  onSuccess?(): void;
}

interface FieldErrors {
  email?: string;
  password?: string;
}

export function RegisterForm({ actions, onModeChange, onSuccess }: RegisterFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const submission = useSubmission();
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Checked as typed, because registration sends the values untrimmed.
    const errors: FieldErrors = {
      email: isValidEmail(email) ? undefined : MESSAGES.invalidEmail,
      password: password.length >= PASSWORD_MIN_LENGTH ? undefined : MESSAGES.shortPassword,
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      focusFirstInvalid();
      return;
    }
    if (await submission.run(() => actions.register(email, password))) onSuccess?.();
  };

  return (
    <form ref={formRef} className="vox-auth-form" noValidate onSubmit={onSubmit}>
      {submission.error && <Alert>{submission.error}</Alert>}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        value={email}
        error={fieldErrors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldErrors((errors) => ({ ...errors, email: undefined }));
        }}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        hint="at least 6 characters"
        value={password}
        error={fieldErrors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          setFieldErrors((errors) => ({ ...errors, password: undefined }));
        }}
      />
      <p className="vox-auth-form__consent">
        By joining you agree to the{' '}
        {/* A new tab, so reading the terms does not throw away the form. */}
        <a href={href('terms')} target="_blank" rel="noopener noreferrer">
          Terms of Service
        </a>
        .
      </p>
      <Button type="submit" size="lg" block busy={submission.busy}>
        Agree and Join
      </Button>
      <p className="vox-auth-form__switch">
        Already a member?{' '}
        <Button variant="link" onClick={() => onModeChange('login')}>
          Log in
        </Button>
      </p>
    </form>
  );
}
