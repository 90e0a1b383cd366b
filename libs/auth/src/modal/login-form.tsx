import { useState, type FormEvent } from 'react';
import { Alert, Button, buttonClassName, type SiteVariant } from '@vox/ui';
import { PasswordField, TextField, useFocusFirstInvalid } from '@vox/ui/forms';
import type { AuthActions } from '../lib/auth-actions';
import type { AuthMode } from './auth-mode';
import { errorText } from './error-text';
import { MicrosoftLogo } from './microsoft-logo';
import { useSubmission } from './use-submission';

export interface LoginFormProps {
  actions: Pick<AuthActions, 'login' | 'startMicrosoftLogin'>;
  onModeChange(mode: AuthMode): void;
  site: SiteVariant;
  /** The school site's own login, for "School Member"; left out where that button does not belong (the podcast site). */
  schoolLoginHref?: string;
  msConfigured: boolean;
  onSuccess?(): void;
}

interface FieldErrors {
  username?: string;
  password?: string;
}

/** What each site's login asks for: school students get a User ID, everyone else signs in with an email or a handle. */
const loginNameOf = (site: SiteVariant) =>
  site === 'school' ? { label: 'User ID', missing: 'Enter your User ID.' } : { label: 'Email or handle', missing: 'Enter your email or handle.' };

export function LoginForm({ actions, onModeChange, site, schoolLoginHref, msConfigured, onSuccess }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [msBusy, setMsBusy] = useState(false);
  const submission = useSubmission();
  const loginName = loginNameOf(site);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The product has login send both values trimmed.
    const id = username.trim();
    const secret = password.trim();
    const errors: FieldErrors = {
      username: id ? undefined : loginName.missing,
      password: secret ? undefined : 'Enter your password.',
    };
    setFieldErrors(errors);
    if (errors.username || errors.password) {
      focusFirstInvalid();
      return;
    }
    if (await submission.run(() => actions.login(id, secret))) onSuccess?.();
  };

  const onMicrosoft = async () => {
    if (!msConfigured) return;
    submission.setError(null);
    setMsBusy(true);
    try {
      // On success the browser leaves for Microsoft's sign-in page, so busy stays on.
      await actions.startMicrosoftLogin();
    } catch (caught) {
      submission.setError(errorText(caught));
      setMsBusy(false);
    }
  };

  return (
    <form ref={formRef} className="vox-auth-form" noValidate onSubmit={onSubmit}>
      {submission.error && <Alert>{submission.error}</Alert>}
      <TextField
        label={loginName.label}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        autoFocus
        value={username}
        error={fieldErrors.username}
        onChange={(event) => {
          setUsername(event.target.value);
          setFieldErrors((errors) => ({ ...errors, username: undefined }));
        }}
      />
      <div className="vox-auth-form__password">
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={fieldErrors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setFieldErrors((errors) => ({ ...errors, password: undefined }));
          }}
        />
        <Button variant="link" size="sm" className="vox-auth-form__forgot" onClick={() => onModeChange('resetPassword')}>
          Forgot Password
        </Button>
      </div>
      <Button type="submit" size="lg" block busy={submission.busy}>
        Log in
      </Button>

      {/* Without a Microsoft sign-in set up, the button would only ever fail: hidden. */}
      {msConfigured && (
        <>
          <div className="vox-auth-divider" role="separator">
            <span>or</span>
          </div>

          <Button variant="secondary" size="lg" block busy={msBusy} onClick={onMicrosoft}>
            <MicrosoftLogo />
            Log in with Microsoft
          </Button>
        </>
      )}

      {site === 'default' && (
        <div className="vox-auth-form__members">
          <Button variant="secondary" onClick={() => onModeChange('register')}>
            New Member
          </Button>
          {schoolLoginHref && (
            <a className={buttonClassName({ variant: 'secondary' })} href={schoolLoginHref}>
              School Member
            </a>
          )}
        </div>
      )}
    </form>
  );
}
