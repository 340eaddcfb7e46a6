/**
 * Outgoing account mail (`auth.accounts.mail`, core/auth/config.ts `MailConfig`) through nodemailer
 * (https://nodemailer.com): with `smtp`, its SMTP transport; without, nodemailer's stream transport builds the
 * RFC 5322 message and it is written as `<time>-<random>.eml` into `pickupDirectory` (development; production
 * refuses to start that way while registration or reset is enabled, config/production.ts), and the path is logged.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../core/auth/config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Content-Language of the message (RFC 3282). */
  language: string;
}

export interface Mailer {
  /** Sends (or writes) the message. @throws the transport's error (SMTP refused, folder not writable) */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The mailer of the configuration; `log` receives the path of each `.eml` written. */
export function createMailer(config: MailConfig, log: (message: string) => void): Mailer {
  const headers = (m: MailMessage) => ({ from: config.from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: { 'Content-Language': m.language } });
  if (config.smtp) {
    const { host, port, secure, requireTLS, user, password } = config.smtp;
    const transport = nodemailer.createTransport({ host, port, secure, requireTLS, ...(user !== undefined && { auth: { user, pass: password ?? '' } }) });
    return {
      send: async (m) => void (await transport.sendMail(headers(m))),
      close: () => transport.close(),
    };
  }
  const folder = resolve(config.pickupDirectory);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(m) {
      const info = await transport.sendMail(headers(m));
      await mkdir(folder, { recursive: true });
      const file = join(folder, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`mail to ${m.to} written to ${file} (no SMTP server configured: auth.accounts.mail.smtp)`);
    },
    close: () => transport.close(),
  };
}
