/**
 * The audit's cross-instance checks on one Redis (run when REDIS_URL is set): the hourly account mail limit counts
 * the requests of both instances together; the password lockout counts parallel guesses under case, Unicode and
 * e-mail variants of one account on both instances as one name; an address squatted by an unconfirmed
 * registration is released by a reset through the mailed link on the other instance.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountBackground } from '../../gateway/identity/index.js';
import { DEMO, authHarness, type AuthHarness } from '../auth/connect-support.js';
import { InjectBrowser, formOf } from '../auth/browser-support.js';
import { describeWithRedis } from '../support/redis.js';
import { accountsAuth, confirmByLink, linkIn, mailFolder, mailsIn, sendJson } from './identity-support.js';

describeWithRedis('account hardening on two instances sharing Redis', ({ redisUrl, redisKeyPrefix }) => {
  let a: AuthHarness;
  let b: AuthHarness;
  const mails = mailFolder();
  /** Every mail of both instances (one folder), once the background work of both has finished. */
  const sent = async () => {
    await accountBackground(b.auth)?.idle();
    return mailsIn(a.auth, mails);
  };
  beforeAll(async () => {
    const config = accountsAuth(mails, { registration: { enabled: true, requireEmailConfirmation: true } }, {
      redisUrl, redisKeyPrefix,
      rateLimits: { enabled: true, windowSeconds: 60, perClient: 1000, perAddress: 1000 },
      auth: {
        session: { lifetimeSeconds: 600, consentLifetimeSeconds: 600, cookieSecret: 'a-shared-cookie-secret-of-32-characters!' },
        // Free attempts up to the lock: only a count over all variants (24 guesses) reaches it, 4 a variant would not.
        lockout: { freeAttempts: 9, baseDelaySeconds: 30, maxDelaySeconds: 60, lockAfter: 10, lockSeconds: 600 },
      },
    });
    a = await authHarness(config);
    b = await authHarness(config);
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
  });

  it('five reset mails an hour per account, counted over both instances', async () => {
    for (let i = 0; i < 8; i++) expect((await sendJson(i % 2 ? a.app : b.app, '/identity/password-forgotten', { identifier: DEMO.userName })).statusCode).toBe(204);
    expect((await sent()).filter((m) => m.subject === 'Reset your password').length).toBe(5);
  });

  it('parallel guesses under name variants on both instances lock the one account; its password then fails too', async () => {
    const variants = ['victim.user', 'VICTIM.USER', 'ｖｉｃｔｉｍ.ｕｓｅｒ', 'victim@example.org', 'Victim@EXAMPLE.org', 'ｖｉｃｔｉｍ@example.org'];
    const password = 'the victim passphrase';
    expect((await sendJson(a.app, '/identity/register', { username: 'victim.user', email: 'victim@example.org', password })).statusCode).toBe(204);
    const confirm = linkIn((await sent()).find((m) => m.subject === 'Confirm your e-mail address')!, '/identity/confirm-email');
    expect((await confirmByLink(b.app, confirm)).done.statusCode).toBe(200);
    const guesses = await Promise.all(Array.from({ length: 24 }, (_, i) =>
      sendJson(i % 2 ? a.app : b.app, i % 3 ? '/identity/token-login' : '/identity/login', { identifier: variants[i % variants.length], password: `guess-${i}` })));
    expect(guesses.every((g) => g.statusCode === 401)).toBe(true);
    for (const app of [a.app, b.app]) expect((await sendJson(app, '/identity/token-login', { identifier: 'victim.user', password })).statusCode).toBe(401);
  });

  it('an address squatted by an unconfirmed registration on A: its owner resets through B and signs in on A', async () => {
    await sendJson(a.app, '/identity/register', { username: 'squatter', email: 'taken@example.org', password: 'the squatter passphrase' });
    expect((await sendJson(b.app, '/identity/password-forgotten', { identifier: 'taken@example.org' })).statusCode).toBe(204);
    const link = new URL(linkIn((await sent()).find((m) => m.subject === 'Reset your password' && m.to && 'text' in m.to && m.to.text === 'taken@example.org')!, '/identity/password-reset'));
    const browser = new InjectBrowser(b.app);
    const page = await browser.get(link.pathname + link.search);
    const done = await browser.post(formOf(page.body).action, { ...formOf(page.body).fields, password: 'the owner passphrase', password2: 'the owner passphrase' });
    expect(done.statusCode).toBe(200);
    expect((await sendJson(a.app, '/identity/token-login', { identifier: 'taken@example.org', password: 'the owner passphrase' })).statusCode).toBe(200);
  });
});
