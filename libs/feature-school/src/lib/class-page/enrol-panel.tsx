import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { CLASS_LIMITS, CLASS_MESSAGES, SETUP_CODE_DAYS, isEmailAddress, type ClassDetail, type CreatedStudent } from '@vox/contract/school';
import { displayName } from '@vox/contract';
import { Alert, Button } from '@vox/ui';
import { TextField } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useClassActions } from '../api/classes';

/** The set-password page with the student's User ID and code filled in, on this (the school) host. */
const setPasswordLink = (s: CreatedStudent) =>
  `${window.location.origin}${href('setPassword')}?user=${encodeURIComponent(s.loginId)}&code=${encodeURIComponent(s.code)}`;

/**
 * Enrolment: User ID accounts from a pasted or uploaded CSV (all rows or none, every problem
 * listed), then a sign-in sheet to print (codes are shown once); or an existing member by email.
 */
export function EnrolPanel({ cls }: { cls: ClassDetail }) {
  const { enrol, invite, newCode } = useClassActions(cls.id);
  const [csv, setCsv] = useState('');
  const [sheet, setSheet] = useState<CreatedStudent[]>([]);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [invited, setInvited] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const codeFor = cls.students.filter((s) => s.loginId && s.passwordSet === false);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) setCsv(await file.text());
  };

  const submitCsv = (e: FormEvent) => {
    e.preventDefault();
    enrol.mutate(csv, {
      onSuccess: (answer) => {
        setSheet(answer.created);
        setCsv('');
        if (fileRef.current) fileRef.current.value = '';
      },
    });
  };

  const submitInvite = (e: FormEvent) => {
    e.preventDefault();
    setInvited(null);
    if (!isEmailAddress(email.trim())) {
      setEmailError(CLASS_MESSAGES.inviteInvalidEmail);
      return;
    }
    setEmailError(undefined);
    invite.mutate(email.trim(), {
      onSuccess: () => {
        setInvited(`${email.trim()} is now in the class and has a message about it.`);
        setEmail('');
      },
    });
  };

  const problems = enrol.isError ? enrol.error.message.split('\n') : [];

  return (
    <>
      {sheet.length > 0 && (
        <section className="vox-school-card vox-class-sheet" aria-labelledby="vox-class-sheet">
          <div className="vox-class-section__head vox-class-noprint">
            <h2 id="vox-class-sheet">Sign-in sheet</h2>
            <div className="vox-class-actions">
              <Button size="sm" onClick={() => window.print()}>
                Print
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setSheet([])}>
                Done
              </Button>
            </div>
          </div>
          <p className="vox-class-noprint">
            Each code works once, for {SETUP_CODE_DAYS} days, and is shown only now: print the sheet or copy the links. A student opens the link (or the school site's
            Set password page), chooses a password, then logs in with the User ID.
          </p>
          <ul className="vox-class-slips">
            {sheet.map((s) => (
              <li key={s.id} className="vox-class-slip">
                <p className="vox-class-slip__class">{cls.name}</p>
                <p className="vox-class-slip__name">{s.name}</p>
                <dl>
                  <dt>User ID</dt>
                  <dd>{s.loginId}</dd>
                  <dt>Code</dt>
                  <dd className="vox-class-slip__code">{s.code}</dd>
                </dl>
                <p className="vox-class-slip__link">{setPasswordLink(s)}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="vox-school-card vox-class-noprint" aria-labelledby="vox-class-enrol">
        <h2 id="vox-class-enrol">Add students from a list</h2>
        <p className="vox-class-help">
          One student a line: name, then User ID, separated by a comma (a header line is fine). Each gets a User ID account and a one-time code to set a
          password. If any row has a problem, nothing is created.
        </p>
        <form className="vox-stack" onSubmit={submitCsv} noValidate>
          <div>
            <label className="vox-field__label" htmlFor="vox-class-csv">
              Students (CSV)
            </label>
            <textarea
              className="vox-textarea"
              id="vox-class-csv"
              value={csv}
              onChange={(e) => setCsv(e.target.value)}
              maxLength={CLASS_LIMITS.csvChars}
              placeholder={'name,user id\nAna Bell,ana.bell\nCy Dunn,cy.dunn'}
              aria-describedby={problems.length ? 'vox-class-csv-problems' : undefined}
              spellCheck={false}
            />
          </div>
          <div>
            <label className="vox-field__label" htmlFor="vox-class-csv-file">
              Or upload a CSV file
            </label>
            <input id="vox-class-csv-file" ref={fileRef} type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void onFile(e)} />
          </div>
          {problems.length > 0 && (
            <div id="vox-class-csv-problems" role="alert" className="vox-class-problems">
              <p>{problems[0]}</p>
              {problems.length > 1 && (
                <ul>
                  {problems.slice(1).map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <div>
            <Button type="submit" busy={enrol.isPending} disabled={!csv.trim()}>
              Create accounts
            </Button>
          </div>
        </form>
      </section>

      <section className="vox-school-card vox-class-noprint" aria-labelledby="vox-class-invite">
        <h2 id="vox-class-invite">Add a member by email</h2>
        <p className="vox-class-help">A student who already has a VoxClub account joins with it. They get a message.</p>
        <form className="vox-stack vox-class-inline" onSubmit={submitInvite} noValidate>
          <TextField label="Member's email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={emailError} autoComplete="off" />
          <div>
            <Button type="submit" variant="secondary" busy={invite.isPending}>
              Add to class
            </Button>
          </div>
        </form>
        {invite.isError && <Alert variant="error">{invite.error.message}</Alert>}
        {invited && <Alert variant="success">{invited}</Alert>}
      </section>

      {codeFor.length > 0 && (
        <section className="vox-school-card vox-class-noprint" aria-labelledby="vox-class-codes">
          <h2 id="vox-class-codes">Students without a password</h2>
          <p className="vox-class-help">Lost a code? Make a new one; the old one stops working.</p>
          <ul className="vox-class-names">
            {codeFor.map((s) => (
              <li key={s.person.id}>
                {displayName(s.person)} ({s.loginId}){' '}
                <Button
                  variant="link"
                  size="sm"
                  busy={newCode.isPending && newCode.variables === s.person.id}
                  onClick={() => newCode.mutate(s.person.id, { onSuccess: (answer) => setSheet([answer.student]) })}
                  aria-label={`New code for ${displayName(s.person)} (${s.loginId})`}
                >
                  New code
                </Button>
              </li>
            ))}
          </ul>
          {newCode.isError && <Alert variant="error">{newCode.error.message}</Alert>}
        </section>
      )}
    </>
  );
}
