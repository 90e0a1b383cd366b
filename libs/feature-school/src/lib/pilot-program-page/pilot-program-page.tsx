import { useId, useState, type FormEvent } from 'react';
import { FORM_LIMITS, pilotProblems, type PilotFields } from '@vox/contract/school';
import { Alert, Button, Page } from '@vox/ui';
import { TextField, useFocusFirstInvalid } from '@vox/ui/forms';
import { useSendPilot } from '../api/pilot';
import '@vox/ui/page-kit';
import '../shared/school.css';

type Values = Omit<PilotFields, 'students'> & { students: string; website: string };
const EMPTY: Values = { name: '', email: '', school: '', role: '', students: '', message: '', website: '' };
const toFields = (v: Values): PilotFields & { website: string } => ({
  ...v,
  students: v.students.trim() === '' ? null : Number(v.students),
});

/**
 * /pilot_program/id: a school asks to join the pilot program. The server stores the request,
 * mails the team and sends the sender a copy; each field says what is wrong with it.
 */
export function PilotProgramPage() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PilotFields, string>>>({});
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendPilot();
  const messageId = useId();
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fields = toFields(values);
    const problems = pilotProblems(fields);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid();
      return;
    }
    send.mutate(fields, {
      onSuccess: (answer) => {
        setSent(answer.message);
        setValues(EMPTY);
      },
    });
  };

  return (
    <Page width="narrow">
      <h1 className="vox-page-title vox-page-title--plain">Pilot program for schools</h1>
      <p className="vox-page-lead vox-page-lead--end vox-school-lead">
        Drama teachers: run table reads with your class in VoxClub. Students record their lines in real reading sessions, you listen, comment on lines and
        award certificates. Tell us about your school and we get in touch.
      </p>
      <section className="vox-card vox-school-card" aria-labelledby="vox-pilot-includes">
        <h2 id="vox-pilot-includes">What the pilot includes</h2>
        <ul className="vox-school-points">
          <li>Classes with User ID sign-in for students, no email needed.</li>
          <li>Assignments on scripts and roles, recorded in the reader and handed in.</li>
          <li>Comments on lines, and certificates anyone can verify.</li>
          <li>Free for the pilot term, with help from the VoxClub team.</li>
        </ul>
      </section>
      <section className="vox-card vox-school-card" aria-label="Pilot program request">
        {sent ? (
          <Alert variant="success">{sent}</Alert>
        ) : (
          <form ref={formRef} className="vox-stack" onSubmit={submit} noValidate aria-label="Join the pilot program">
            <div className="vox-field-row">
              <TextField label="Your name" value={values.name} onChange={set('name')} error={errors.name} maxLength={FORM_LIMITS.name} autoComplete="name" />
              <TextField label="Your email" type="email" value={values.email} onChange={set('email')} error={errors.email} maxLength={FORM_LIMITS.email} autoComplete="email" />
            </div>
            <div className="vox-field-row">
              <TextField label="School" value={values.school} onChange={set('school')} error={errors.school} maxLength={FORM_LIMITS.school} autoComplete="organization" />
              <TextField label="Your role" value={values.role} onChange={set('role')} error={errors.role} maxLength={FORM_LIMITS.role} hint="For example: drama teacher, head of department." />
            </div>
            <TextField label="Number of students (optional)" type="number" min={1} max={10000} inputMode="numeric" value={values.students} onChange={set('students')} error={errors.students} />
            <div>
              <label className="vox-field__label" htmlFor={messageId}>
                Anything else (optional)
              </label>
              <textarea className="vox-textarea" id={messageId} value={values.message} onChange={set('message')} maxLength={FORM_LIMITS.message} />
            </div>
            <div className="vox-school-trap" aria-hidden="true">
              <label>
                Website (leave empty)
                <input name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
              </label>
            </div>
            {send.isError && <Alert variant="error">{send.error.message}</Alert>}
            <div>
              <Button type="submit" size="lg" busy={send.isPending}>
                Send request
              </Button>
            </div>
          </form>
        )}
      </section>
    </Page>
  );
}
