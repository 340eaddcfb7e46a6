/**
 * Findings of the account endpoint audit, each reproduced: link tokens kept out of the request log; e-mail
 * addresses that are one mailbox (a display name or a list sent mail elsewhere than the address kept unique),
 * stored in NFKC; user names without invisible characters; a user name registered with a taken address is held
 * like any other (registration does not tell which addresses have accounts); a reset link confirms the address
 * (an address squatted by an unconfirmed registration goes back to its owner); the token endpoints answer
 * unreadable bodies as `TokenResponseGet`; a 16 KiB body limit; a repeated `redirectUrl` is a 400, not a 500; at
 * most five account mails per account and hour. Mail goes through a real SMTP server (smtp-server) and is read
 * back with mailparser.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import type { AuthServices } from '../../core/auth/services.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import { buildApp } from '../../gateway/app.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { accountBackground } from '../../gateway/identity/index.js';
import { DEMO, authHarness, type AuthHarness } from '../auth/connect-support.js';
import { InjectBrowser, formOf } from '../auth/browser-support.js';
import { accountsAuth, confirmByLink, linkIn, mailFolder, mailsIn, sendJson, smtpSink } from './identity-support.js';

const PASSPHRASE = 'a long enough passphrase';

describe('account mail through SMTP', () => {
  let h: AuthHarness;
  let sink: Awaited<ReturnType<typeof smtpSink>>;
  const idle = () => accountBackground(h.auth)!.idle();
  beforeAll(async () => {
    sink = await smtpSink();
    h = await authHarness(accountsAuth(mailFolder(), {
      registration: { enabled: true, requireEmailConfirmation: true },
      mail: { from: 'AVA Test <no-reply@test.invalid>', pickupDirectory: mailFolder(), smtp: sink.smtp },
    }));
  });
  afterAll(async () => {
    await h.app.close();
    await sink.close();
  });

  it.each([
    ['x<demo@example.invalid>'], ['Demo <demo@example.invalid>'], ['a@b.example,demo@example.invalid'], ['a@b.example;c'], ['evil@b.example,c'],
    ['"x y"@a.example'], ['x@[127.0.0.1]'], ['x(c)@a.example'], ['x..y@a.example'], ['.x@a.example'], ['x@a'], ['x@-a.example'], ['x\u200b@a.example'],
    [`${'l'.repeat(65)}@a.example`],
  ])('refuses %j as e-mail address: 400 naming email, and no mail goes anywhere', async (email) => {
    const before = sink.received.length;
    const res = await sendJson(h.app, '/identity/register', { username: `user-${sink.received.length}-${email.length}`, email, password: PASSPHRASE });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['email']);
    await idle();
    expect(sink.received.length).toBe(before);
  });

  it('accepts plain and international addresses; a full-width address is kept and mailed in NFKC', async () => {
    for (const email of ["o'neil+tag@sub.example.org", 'jürgen@bücher.example']) {
      expect((await sendJson(h.app, '/identity/register', { username: `ok-${email.length}`, email, password: PASSPHRASE })).statusCode, email).toBe(204);
    }
    expect((await sendJson(h.app, '/identity/register', { username: 'wide', email: 'ＶＩＣＴＩＭ＠example.org', password: PASSPHRASE })).statusCode).toBe(204);
    await idle();
    expect((await h.auth.users.store.byIdentifier('wide'))!.email).toBe('VICTIM@example.org');
    expect(sink.received.at(-1)!.to).toEqual(['VICTIM@example.org']);
  });

  it('refuses user names with invisible (format) characters', async () => {
    for (const username of ['demo\u200b', '\u202egnp.exe', 'a\u2060b', 'x\ufeff']) {
      const res = await sendJson(h.app, '/identity/register', { username, email: 'invisible@example.org', password: PASSPHRASE });
      expect(res.statusCode, JSON.stringify(username)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['username']);
    }
  });

  it('registering a user name again tells nothing about the address it was first registered with', async () => {
    const again: string[] = [];
    for (const [name, email] of [['probe-taken', 'demo@example.invalid'], ['probe-fresh', 'nobody@example.org']]) {
      expect((await sendJson(h.app, '/identity/register', { username: name, email, password: PASSPHRASE })).statusCode).toBe(204);
      const second = await sendJson(h.app, '/identity/register', { username: name, email: `${name}@attacker.example`, password: PASSPHRASE });
      again.push(`${second.statusCode} ${second.body}`);
    }
    expect(again[0]).toBe(again[1]);
    expect(again[0]).toContain('This user name is taken.');
    // The name's holder signs in nowhere and gets no reset mail.
    await idle();
    const before = sink.received.length;
    await sendJson(h.app, '/identity/password-forgotten', { identifier: 'probe-taken' });
    await idle();
    expect(sink.received.length).toBe(before);
    expect((await sendJson(h.app, '/identity/token-login', { identifier: 'probe-taken', password: PASSPHRASE })).statusCode).toBe(401);
  });

  it('an address registered by someone else and never confirmed: its owner resets the password by mail and signs in', async () => {
    await sendJson(h.app, '/identity/register', { username: 'squatter', email: 'owner@example.org', password: 'the squatter passphrase' });
    // Within the confirmation link's lifetime the owner's own registration only gets the notice.
    expect((await sendJson(h.app, '/identity/register', { username: 'owner', email: 'owner@example.org', password: PASSPHRASE })).statusCode).toBe(204);
    expect((await h.auth.users.store.byIdentifier('squatter'))?.email).toBe('owner@example.org');
    expect((await sendJson(h.app, '/identity/password-forgotten', { identifier: 'owner@example.org' })).statusCode).toBe(204);
    await idle();
    const reset = sink.received.filter((r) => r.to[0] === 'owner@example.org' && r.mail.subject === 'Reset your password').at(-1)!;
    const link = new URL(linkIn(reset.mail, '/identity/password-reset'));
    const browser = new InjectBrowser(h.app);
    const page = await browser.get(link.pathname + link.search);
    const done = await browser.post(formOf(page.body).action, { ...formOf(page.body).fields, password: 'the owner new passphrase', password2: 'the owner new passphrase' });
    expect(done.statusCode).toBe(200);
    const login = await sendJson(h.app, '/identity/token-login', { identifier: 'owner@example.org', password: 'the owner new passphrase' });
    expect(login.statusCode).toBe(200);
    expect((await h.auth.users.store.byIdentifier('owner@example.org'))!.emailConfirmed).toBe(true);
  });

  it('a registration whose confirmation link expired frees its name and address for the next registration', async () => {
    await sendJson(h.app, '/identity/register', { username: 'early-bird', email: 'late@example.org', password: 'the early passphrase' });
    await sendJson(h.app, '/identity/register', { username: 'name-holder', email: 'late@example.org', password: 'the holder passphrase' });
    // before the link expires both names stay taken
    expect((await sendJson(h.app, '/identity/register', { username: 'early-bird', email: 'other1@example.org', password: PASSPHRASE })).statusCode).toBe(400);
    h.clock.now += h.auth.config.accounts.emailConfirmationLifetimeSeconds + 1;
    await idle();
    const mailsBefore = sink.received.length;
    // the address's owner registers: the expired registration holding it is deleted, the owner gets a link
    expect((await sendJson(h.app, '/identity/register', { username: 'late-owner', email: 'late@example.org', password: PASSPHRASE })).statusCode).toBe(204);
    await idle();
    const mail = sink.received.slice(mailsBefore).find((r) => r.to[0] === 'late@example.org')!;
    expect(mail.mail.subject).not.toMatch(/taken|exists/i);
    expect((await confirmByLink(h.app, linkIn(mail.mail, '/identity/confirm-email'))).done.statusCode).toBe(200);
    expect((await sendJson(h.app, '/identity/token-login', { identifier: 'late-owner', password: PASSPHRASE })).statusCode).toBe(200);
    expect(await h.auth.users.store.byIdentifier('early-bird')).toBeUndefined();
    // the name held for the registration with the taken address is free again too
    expect((await sendJson(h.app, '/identity/register', { username: 'name-holder', email: 'holder@example.org', password: PASSPHRASE })).statusCode).toBe(204);
    expect((await h.auth.users.store.byIdentifier('name-holder'))?.email).toBe('holder@example.org');
  });
});

describe('request log', () => {
  it('holds no reset or confirmation token, only [redacted] in its place', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _encoding, callback) { lines.push(String(chunk)); callback(); } });
    const mails = mailFolder();
    const config = loadConfig({}, { logLevel: 'info', ...accountsAuth(mails, { registration: { enabled: true, requireEmailConfirmation: true } }) });
    const container = await createGatewayContainer(config);
    const app = await buildApp({ container, logger: { level: 'info', stream } });
    const auth = container.resolve<AuthServices>(AUTH_SERVICES);
    try {
      await sendJson(app, '/identity/password-forgotten', { identifier: DEMO.userName });
      await sendJson(app, '/identity/register', { username: 'logged', email: 'logged@example.org', password: PASSPHRASE });
      const sent = await mailsIn(auth, mails);
      const links = [
        new URL(linkIn(sent.find((m) => m.subject === 'Reset your password')!, '/identity/password-reset')),
        new URL(linkIn(sent.find((m) => m.subject === 'Confirm your e-mail address')!, '/identity/confirm-email')),
      ];
      for (const link of links) {
        expect((await app.inject({ method: 'GET', url: `${link.pathname}${link.search}&ui_locales=de` })).statusCode).toBe(200);
        const token = link.searchParams.get('token')!;
        expect(lines.filter((l) => l.includes(token))).toEqual([]);
        expect(lines.some((l) => l.includes(`"url":"${link.pathname}?token=[redacted]&ui_locales=de"`))).toBe(true);
      }
    } finally {
      await app.close();
    }
  });
});

describe('request bodies', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await authHarness(accountsAuth(mailFolder()));
  });
  afterAll(() => h.app.close());

  it('token login and refresh answer unreadable bodies as TokenResponseGet (400, 413, 415), naming the problem', async () => {
    for (const path of ['/identity/token-login', '/identity/token-refresh']) {
      const cases = [
        { status: 400, name: 'BadRequest', res: await sendJson(h.app, path, '{"identifier": "demo",'), says: /not valid JSON/ },
        { status: 400, name: 'BadRequest', res: await h.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json' } }), says: /empty/ },
        { status: 413, name: 'RequestEntityTooLarge', res: await sendJson(h.app, path, { identifier: 'x'.repeat(20_000), password: 'p', refreshToken: 'r' }), says: /too large/ },
        { status: 415, name: 'UnsupportedMediaType', res: await sendJson(h.app, path, '<x/>', { contentType: 'application/xml' }), says: /Unsupported Media Type/ },
      ];
      for (const { status, name, res, says } of cases) {
        expect(res.statusCode, `${path} ${status}`).toBe(status);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toMatchObject({ isError: true, expiresIn: 0, httpStatusCode: name, error: 'invalid_request', errorDescription: expect.stringMatching(says) });
      }
    }
  });

  it('the other account endpoints refuse bodies over 16 KiB with 413 naming the body', async () => {
    const big = 'x'.repeat(20_000);
    for (const [path, body] of [
      ['/identity/login', { identifier: big, password: big }], ['/identity/register', { username: 'u', email: 'u@a.example', password: big }],
      ['/identity/password-forgotten', { identifier: big }],
    ] as const) {
      const res = await sendJson(h.app, path, body);
      expect(res.statusCode, path).toBe(413);
      expect(res.json().errors.body[0]).toContain('larger than the configured limit');
    }
  });

  it('a repeated redirectUrl at /identity/login is a 400 naming it, and nobody is signed in', async () => {
    const res = await sendJson(h.app, '/identity/login?redirectUrl=/a&redirectUrl=/b', { identifier: DEMO.userName, password: DEMO.password, staySignedIn: false });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['redirectUrl']);
    expect(res.cookies.find((c) => c.name === 'ava.session')).toBeUndefined();
  });
});

describe('account mail flooding', () => {
  it('at most five reset links and notices an hour reach one account, however many addresses ask', async () => {
    const mails = mailFolder();
    const h = await authHarness(accountsAuth(mails, { registration: { enabled: true, requireEmailConfirmation: true } }, {
      rateLimits: { enabled: true, windowSeconds: 60, perClient: 1000, perAddress: 1000 },
    }));
    try {
      const answers: number[] = [];
      for (let i = 0; i < 5; i++) answers.push((await sendJson(h.app, '/identity/password-forgotten', { identifier: i % 2 ? DEMO.userName : 'DEMO@example.invalid' })).statusCode);
      for (let i = 0; i < 3; i++) answers.push((await sendJson(h.app, '/identity/register', { username: `flood-${i}`, email: 'demo@example.invalid', password: PASSPHRASE })).statusCode);
      expect(answers).toEqual([204, 204, 204, 204, 204, 204, 204, 204]);
      expect((await mailsIn(h.auth, mails)).filter((m) => m.to && 'text' in m.to && m.to.text === 'demo@example.invalid').length).toBe(5);
      // Another account is counted on its own.
      await sendJson(h.app, '/identity/register', { username: 'other', email: 'other@example.org', password: PASSPHRASE });
      await sendJson(h.app, '/identity/password-forgotten', { identifier: 'other' });
      expect((await mailsIn(h.auth, mails)).filter((m) => m.subject === 'Reset your password' && m.to && 'text' in m.to && m.to.text === 'other@example.org').length).toBe(1);
    } finally {
      await h.app.close();
    }
  });
});
