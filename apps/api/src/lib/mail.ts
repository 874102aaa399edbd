import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newId } from '@hoppa/core';
import type { Transporter } from 'nodemailer';

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

/** nodemailer, loaded with the first mail rather than at the API's start-up (docs/decisions/0088-*.md). */
const nodemailer = async () => (await import('nodemailer')).default;

/** Builds the file transport: `<mailDir>/<time>-<id>.eml`, sortable by sending time. */
export function createFileMailTransport(mailDir: string, from: string): MailTransport {
  let builder: Promise<Transporter> | null = null;
  return {
    kind: 'file',
    async send(message) {
      builder ??= nodemailer().then((n) =>
        n.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const info = await (await builder).sendMail({ from, ...message });
      mkdirSync(mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      writeFileSync(join(mailDir, `${stamp}-${newId()}.eml`), info.message as Buffer);
    },
  };
}

/** Builds the SMTP transport from a URL such as `smtp://user:pass@host:587`. */
export function createSmtpMailTransport(smtpUrl: string, from: string): MailTransport {
  let smtp: Promise<Transporter> | null = null;
  return {
    kind: 'smtp',
    async send(message) {
      smtp ??= nodemailer().then((n) => n.createTransport(smtpUrl));
      await (await smtp).sendMail({ from, ...message });
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
