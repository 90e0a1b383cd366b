import { useId, useState, type FormEvent } from 'react';
import { CONTACT_TOPICS, contactProblems, FORM_LIMITS, type ContactFields } from '@vox/contract/school';
import { Alert, Button, Page } from '@vox/ui';
import { TextField, useFocusFirstInvalid } from '@vox/ui/forms';
import { useSendContact } from '../api/membership';
import '@vox/ui/page-kit';
import './contact-page.css';

const EMPTY: ContactFields & { website: string } = { name: '', email: '', topic: '', message: '', website: '' };

/**
 * /contact: questions, feedback and membership requests reach the team (the server stores the
 * request, mails it to the team and a copy to the sender). Each field says what is wrong with
 * it, with the same texts the server answers.
 */
export function ContactPage() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof ContactFields, string>>>({});
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendContact();
  const ids = { topic: useId(), message: useId() };
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = contactProblems(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid();
      return;
    }
    send.mutate(values, {
      onSuccess: (answer) => {
        setSent(answer.message);
        setValues(EMPTY);
      },
    });
  };

  return (
    <Page width="narrow" className="vox-contact">
      <header>
        <h1 className="vox-page-title vox-page-title--plain">Contact us</h1>
        <p className="vox-page-lead vox-contact__lead">Questions, feedback or a membership request: every message reaches the VoxClub team, and we answer by email within two working days.</p>
      </header>
      <section className="vox-card" aria-label="Contact form">
        {sent ? (
          <>
            <Alert variant="success">{sent}</Alert>
            <p className="vox-contact__aside">
              <Button variant="link" onClick={() => setSent(null)}>
                Send another message
              </Button>
            </p>
          </>
        ) : (
          <form ref={formRef} className="vox-stack" onSubmit={submit} noValidate aria-label="Write to the team">
            <div className="vox-field-row">
              <TextField label="Your name" value={values.name} onChange={set('name')} error={errors.name} maxLength={FORM_LIMITS.name} autoComplete="name" />
              <TextField label="Your email" type="email" value={values.email} onChange={set('email')} error={errors.email} maxLength={FORM_LIMITS.email} autoComplete="email" />
            </div>
            <div className="vox-field">
              <label className="vox-field__label" htmlFor={ids.topic}>
                Topic
              </label>
              <div className="vox-field__control">
                <select
                  id={ids.topic}
                  className="vox-input vox-field__input"
                  value={values.topic}
                  onChange={set('topic')}
                  aria-invalid={errors.topic ? true : undefined}
                  aria-describedby={errors.topic ? `${ids.topic}-error` : undefined}
                >
                  <option value="">Choose a topic</option>
                  {CONTACT_TOPICS.map((topic) => (
                    <option key={topic}>{topic}</option>
                  ))}
                </select>
              </div>
              {errors.topic && (
                <p id={`${ids.topic}-error`} className="vox-field__error">
                  {errors.topic}
                </p>
              )}
            </div>
            <div>
              <label className="vox-field__label" htmlFor={ids.message}>
                Message
              </label>
              <textarea
                className="vox-textarea"
                id={ids.message}
                value={values.message}
                onChange={set('message')}
                maxLength={FORM_LIMITS.message}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? `${ids.message}-error` : undefined}
              />
              {errors.message && (
                <p id={`${ids.message}-error`} className="vox-field__error">
                  {errors.message}
                </p>
              )}
            </div>
            <div className="vox-contact__trap" aria-hidden="true">
              <label>
                Website (leave empty)
                <input name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
              </label>
            </div>
            {send.isError && <Alert variant="error">{send.error.message}</Alert>}
            <div>
              <Button type="submit" size="lg" busy={send.isPending}>
                Send message
              </Button>
            </div>
          </form>
        )}
      </section>
    </Page>
  );
}
