import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { TextField } from '../text-field/text-field';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

function Form() {
  const [values, setValues] = useState({ name: '', email: '' });
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { name: values.name ? undefined : 'Please give your name.', email: values.email.includes('@') ? undefined : 'Please give your email.' };
    setErrors(next);
    if (next.name || next.email) focusFirstInvalid();
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <TextField label="Name" value={values.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} error={errors.name} />
      <TextField label="Email" value={values.email} onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))} error={errors.email} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useFocusFirstInvalid', () => {
  it('moves the focus to the first invalid field after a refused submit, and to the next once it is fixed', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please give your email.');
  });

  it('leaves the focus alone until a submit is refused', () => {
    render(<Form />);
    expect(document.body).toHaveFocus();
  });
});
