import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** One request as label/value lines, for both mails. */
export type FormLines = Array<[label: string, value: string]>;

const asText = (lines: FormLines) => lines.map(([label, value]) => (value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`)).join('\n');
const asHtml = (lines: FormLines) =>
  `<table cellpadding="4" style="border-collapse:collapse">${lines
    .map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`)
    .join('')}</table>`;

/** To the team: the request, with a reply-to of the sender. */
export function teamMail(to: string, subject: string, replyTo: string, lines: FormLines, reference: string): MailMessage {
  const text = `${subject}\n\n${asText(lines)}\n\nReference: ${reference}\nReply to this mail to answer the sender.`;
  const html = `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(subject)}</p>${asHtml(lines)}<p>Reference: ${escapeHtml(reference)}<br>Reply to this mail to answer the sender.</p></body></html>`;
  return { to, subject, text, html, replyTo };
}

/** To the sender: what we received and what happens next. */
export function confirmationMail(to: string, name: string, subject: string, next: string, lines: FormLines, reference: string): MailMessage {
  const text = [`Hello ${name},`, '', next, '', 'What you sent:', '', asText(lines), '', `Reference: ${reference}`, '', 'The VoxClub team'].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif"><p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(next)}</p><p>What you sent:</p>${asHtml(lines)}<p>Reference: ${escapeHtml(reference)}</p><p>The VoxClub team</p></body></html>`;
  return { to, subject, text, html };
}
