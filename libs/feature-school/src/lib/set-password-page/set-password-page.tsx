import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@vox/contract';
import { Alert, Button, Page, buttonClassName } from '@vox/ui';
import { PasswordField, TextField } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useSetPasswordWithCode } from '../api/classes';
import '@vox/ui/page-kit';
import '../shared/school.css';
import '../shared/classes.css';

interface Problems {
  userId?: string;
  code?: string;
  password?: string;
}

/**
 * /set-password: a student whose teacher created their account chooses a password with the
 * one-time code from the sign-in sheet (the link on it fills in the User ID and code).
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const [userId, setUserId] = useState(params.get('user') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const send = useSetPasswordWithCode();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Problems = {
      userId: userId.trim() ? undefined : 'Enter the User ID your teacher gave you.',
      code: code.trim() ? undefined : 'Enter the code from your sign-in sheet.',
      password: password.trim().length >= PASSWORD_MIN_LENGTH ? undefined : MESSAGES.shortPassword,
    };
    setProblems(found);
    if (found.userId || found.code || found.password) return;
    send.mutate({ userId: userId.trim(), code: code.trim(), password });
  };

  return (
    <Page width="narrow">
      <h1 className="vox-page-title vox-page-title--plain">Set your password</h1>
      <p className="vox-page-lead vox-page-lead--end vox-school-lead">Your teacher gave you a User ID and a one-time code. Choose a password here, then log in with your User ID.</p>
      <section className="vox-card vox-school-card" aria-label="Set your password">
        {send.isSuccess ? (
          <>
            <Alert variant="success">{send.data.message}</Alert>
            <p>
              <Link to={href('login')} className={buttonClassName({})}>
                Log in
              </Link>
            </p>
          </>
        ) : (
          <form className="vox-stack" onSubmit={submit} noValidate>
            <TextField label="User ID" value={userId} onChange={(e) => setUserId(e.target.value)} error={problems.userId} autoComplete="username" autoCapitalize="none" />
            <TextField label="Code" value={code} onChange={(e) => setCode(e.target.value)} error={problems.code} autoComplete="one-time-code" autoCapitalize="characters" hint="Like ABCD-EFGH." />
            <PasswordField label="New password" value={password} onChange={(e) => setPassword(e.target.value)} error={problems.password} autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} />
            {send.isError && <Alert variant="error">{send.error.message}</Alert>}
            <div>
              <Button type="submit" busy={send.isPending}>
                Set password
              </Button>
            </div>
          </form>
        )}
      </section>
    </Page>
  );
}
