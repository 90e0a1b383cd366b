import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

describe('TextField', () => {
  it('labels the input and reads the hint with it', () => {
    render(<TextField label="Email" type="email" hint="We never share it." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAccessibleDescription('We never share it.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the input invalid and reads the error with it', () => {
    render(<TextField label="Email" hint="Your login" error="Email address is not valid." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Your login Email address is not valid.');
    expect(screen.getByText('Email address is not valid.')).toBeInTheDocument();
  });

  it('passes input attributes through', async () => {
    const onChange = jest.fn();
    render(<TextField label="Code" inputMode="numeric" maxLength={6} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '12');
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" hint="at least 6 characters" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAccessibleDescription('at least 6 characters');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('keeps the typed value when toggled', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" />);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByRole('textbox', { name: 'Password' })).toHaveValue('secret1');
  });
});
