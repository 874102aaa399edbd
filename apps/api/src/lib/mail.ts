import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newId } from '@hoppa/core';
import nodemailer from 'nodemailer';

/** One outgoing e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The single way the API sends mail. By default every message is written as an RFC 822 `.eml` file
 * under `DATA_DIR/mail/` (readable by any mail client, and by the e2e tests); with `SMTP_URL` it goes out
 * through SMTP.
 */
export interface MailTransport {
  kind: 'file' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/** Builds the file transport: `<mailDir>/<time>-<id>.eml`, sortable by sending time. */
export function createFileMailTransport(mailDir: string, from: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message) {
      const info = await builder.sendMail({ from, ...message });
      mkdirSync(mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      writeFileSync(join(mailDir, `${stamp}-${newId()}.eml`), info.message as Buffer);
    },
  };
}

/** Builds the SMTP transport from a URL such as `smtp://user:pass@host:587`. */
export function createSmtpMailTransport(smtpUrl: string, from: string): MailTransport {
  const smtp = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await smtp.sendMail({ from, ...message });
    },
  };
}

/** The transport the configuration asks for: SMTP when `smtpUrl` is set, else `.eml` files in `dataDir/mail`. */
export function createMailTransport(opts: {
  dataDir: string;
  smtpUrl?: string;
  from: string;
}): MailTransport {
  return opts.smtpUrl
    ? createSmtpMailTransport(opts.smtpUrl, opts.from)
    : createFileMailTransport(join(opts.dataDir, 'mail'), opts.from);
}
