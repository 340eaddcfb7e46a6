/** Helpers of the account endpoint tests: a configuration with accounts enabled, JSON requests, mails read back. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { accountBackground } from '../../gateway/identity/index.js';
import type { AuthServices } from '../../core/auth/services.js';
import { InjectBrowser, browserAuth, formOf } from '../auth/browser-support.js';

/** A fresh folder for `.eml` files. */
export const mailFolder = () => mkdtempSync(join(tmpdir(), 'ava-mail-'));

/**
 * {@link browserAuth} with `auth.accounts`: registration open without confirmation (unless `accounts` says
 * otherwise), reset enabled, mail written into `mailDir`; rate limits off unless `extra` turns them on.
 */
export function accountsAuth(mailDir: string, accounts: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const auth = (extra.auth as Record<string, unknown> | undefined) ?? {};
  return browserAuth({
    rateLimits: { enabled: false },
    ...extra,
    auth: {
      ...auth,
      accounts: {
        registration: { enabled: true, requireEmailConfirmation: false },
        passwordReset: { enabled: true },
        mail: { from: 'AVA Test <no-reply@test.invalid>', pickupDirectory: mailDir },
        ...accounts,
      },
    },
  });
}

/** POSTs (or DELETEs) JSON with optional cookies. */
export function sendJson(app: FastifyInstance, url: string, body: unknown, options: { method?: 'POST' | 'DELETE'; headers?: Record<string, string>; contentType?: string } = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: options.method ?? 'POST', url,
    headers: { 'content-type': options.contentType ?? 'application/json', ...options.headers },
    ...(body !== undefined && { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

/** Waits for the mails sent after answers, then parses every `.eml` in the folder (oldest first). */
export async function mailsIn(auth: AuthServices, dir: string): Promise<ParsedMail[]> {
  await accountBackground(auth)?.idle();
  const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
}

/** The first link to `path` in a mail's text. */
export function linkIn(mail: ParsedMail, path: string): string {
  const m = new RegExp(`https?://\\S+${path.replace(/[/-]/g, '\\$&')}\\?token=[\\w-]+`).exec(mail.text ?? '');
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return m[0];
}

/**
 * Follows a mailed confirmation link as its reader does: opens the page (which confirms nothing), then presses its
 * button; the answers of both.
 */
export async function confirmByLink(app: FastifyInstance, link: string): Promise<{ page: LightMyRequestResponse; done: LightMyRequestResponse }> {
  const url = new URL(link);
  const browser = new InjectBrowser(app);
  const page = await browser.get(url.pathname + url.search);
  const form = formOf(page.body);
  return { page, done: await browser.post(form.action, form.fields) };
}

/**
 * A real SMTP server on a free port (smtp-server, no TLS or AUTH) that keeps each message, parsed with mailparser,
 * with its envelope recipients; `smtp` is the `auth.accounts.mail.smtp` setting that sends to it.
 */
export async function smtpSink() {
  const received: { to: string[]; mail: ParsedMail }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream).then((mail) => received.push({ to, mail })).then(() => callback(), callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const smtp = { host: '127.0.0.1', port: (server.server.address() as AddressInfo).port };
  return { received, smtp, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
