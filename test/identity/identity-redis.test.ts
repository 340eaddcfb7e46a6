/**
 * Two gateway instances on one Redis (run when REDIS_URL is set): an account registered on A signs in on B
 * (token login and cookie login), a reset link mailed by A works on B, and of concurrent registrations of one
 * user name spread over both instances exactly one succeeds.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authHarness, type AuthHarness } from '../auth/connect-support.js';
import { describeWithRedis } from '../support/redis.js';
import { InjectBrowser, formOf } from '../auth/browser-support.js';
import { accountsAuth, linkIn, mailFolder, mailsIn, sendJson } from './identity-support.js';

describeWithRedis('accounts on two instances sharing Redis', ({ redisUrl, redisKeyPrefix }) => {
  let a: AuthHarness;
  let b: AuthHarness;
  const mails = mailFolder();
  beforeAll(async () => {
    const config = accountsAuth(mails, {}, {
      redisUrl, redisKeyPrefix,
      auth: { session: { lifetimeSeconds: 600, consentLifetimeSeconds: 600, cookieSecret: 'a-shared-cookie-secret-of-32-characters!' } },
    });
    a = await authHarness(config);
    b = await authHarness(config);
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
  });

  it('registers on A, signs in on B; a reset link from A works on B', async () => {
    const account = { username: 'shared.user', email: 'shared@example.org', password: 'shared instances passphrase' };
    expect((await sendJson(a.app, '/identity/register', account)).statusCode).toBe(204);
    const onB = await sendJson(b.app, '/identity/token-login', { identifier: 'SHARED@example.org', password: account.password });
    expect(onB.statusCode).toBe(200);
    expect((await sendJson(b.app, '/identity/login', { identifier: 'shared.user', password: account.password, staySignedIn: false })).statusCode).toBe(204);
    // A refresh token from B refreshes on A.
    expect((await sendJson(a.app, '/identity/token-refresh', { refreshToken: onB.json().refreshToken })).statusCode).toBe(200);

    expect((await sendJson(a.app, '/identity/password-forgotten', { identifier: 'shared.user' })).statusCode).toBe(204);
    const link = new URL(linkIn((await mailsIn(a.auth, mails)).at(-1)!, '/identity/password-reset'));
    const browser = new InjectBrowser(b.app);
    const page = await browser.get(link.pathname + link.search);
    expect(page.statusCode).toBe(200);
    const done = await browser.post(formOf(page.body).action, { ...formOf(page.body).fields, password: 'the second shared passphrase', password2: 'the second shared passphrase' });
    expect(done.statusCode).toBe(200);
    expect((await sendJson(a.app, '/identity/token-login', { identifier: 'shared.user', password: 'the second shared passphrase' })).statusCode).toBe(200);
    expect((await sendJson(a.app, '/identity/token-refresh', { refreshToken: onB.json().refreshToken })).statusCode).toBe(401);

    // Deleting the account on B revokes the tokens A issued.
    const fromA = (await sendJson(a.app, '/identity/token-login', { identifier: 'shared.user', password: 'the second shared passphrase' })).json();
    const subject = (await b.auth.users.store.byIdentifier('shared.user'))!.subject;
    expect(await b.auth.users.delete(subject)).toBe(true);
    expect((await sendJson(a.app, '/identity/token-refresh', { refreshToken: fromA.refreshToken })).statusCode).toBe(401);
    expect((await a.app.inject({ method: 'GET', url: '/connect/userinfo', headers: { authorization: `Bearer ${fromA.accessToken}` } })).statusCode).toBe(401);
    expect((await sendJson(a.app, '/identity/token-login', { identifier: 'shared.user', password: 'the second shared passphrase' })).statusCode).toBe(401);
  });

  it('of concurrent registrations of one user name on both instances exactly one wins', async () => {
    const attempts = Array.from({ length: 8 }, (_, i) => sendJson(i % 2 ? a.app : b.app, '/identity/register', {
      username: i % 3 ? 'Race.Winner' : 'race.winner', email: `race${i}@example.org`, password: 'racing registrations passphrase',
    }));
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.statusCode === 204)).toHaveLength(1);
    const losers = results.filter((r) => r.statusCode === 400);
    expect(losers).toHaveLength(7);
    for (const r of losers) expect(r.json().errors).toEqual({ username: ['This user name is taken.'] });
  });
});
