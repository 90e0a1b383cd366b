import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent along (a calendar entry): text content, so a queued mail stays plain JSON. */
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
  /** Where replies go (the contact form's sender). */
  replyTo?: string;
}

interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log line: the SMTP host or the outbox folder. */
  readonly destination: string;
  close(): void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  dataDir: string;
  from: string;
  log: FastifyBaseLogger;
}

/**
 * Mail over SMTP when SMTP_URL is set; otherwise each message is written as an .eml file into
 * DATA_DIR/mail, so a local install can read its reset codes without a mail server.
 */
export function createMailer({ smtpUrl, dataDir, from, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    const { host, port } = new URL(smtpUrl);
    log.info({ smtp: `${host}:${port}` }, 'mail: sending over SMTP');
    return {
      destination: `smtp://${host}:${port}`,
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(dataDir, 'mail');
  fs.mkdirSync(outbox, { recursive: true });
  // Renders the full MIME message but delivers nothing: the buffer is written to the outbox.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  log.info({ outbox }, 'mail: SMTP_URL is not set; writing mail as .eml files to the outbox folder');
  let sequence = 0;
  return {
    destination: outbox,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++sequence}.eml`;
      await fs.promises.writeFile(path.join(outbox, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}
