import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The mail carrying a password-reset code: what it is for, the code, and how long it lasts. */
export function passwordResetMail(to: string, code: string, validMinutes: number): MailMessage {
  const subject = 'Your VoxClub password reset code';
  const text = [
    'Hello,',
    '',
    'Someone (hopefully you) asked to reset the password of your VoxClub account.',
    '',
    `Your code is: ${code}`,
    '',
    `Enter it in the password reset form. The code expires in ${validMinutes} minutes and works once.`,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
    '',
    'The VoxClub team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>Hello,</p>
<p>Someone (hopefully you) asked to reset the password of your VoxClub account.</p>
<p>Your code is: <strong style="font-size:1.5em;letter-spacing:0.2em">${escapeHtml(code)}</strong></p>
<p>Enter it in the password reset form. The code expires in ${validMinutes} minutes and works once.</p>
<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>
<p>The VoxClub team</p>
</body></html>`;
  return { to, subject, text, html };
}
