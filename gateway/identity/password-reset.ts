/**
 * Password reset (OWASP Forgot Password Cheat Sheet):
 *
 * - `POST /identity/password-forgotten` (`ServiceIdentity_RequestPasswordReset`, body `ForgotPasswordPost
 *   {identifier, preferredLanguages?}`): always 204 — the look-up, the token and the mail run after the answer is
 *   sent, so neither the answer nor its time tells whether the account exists. An existing, enabled account with
 *   a password and an e-mail address gets a link in its preferred language (else `preferredLanguages` of the
 *   request, else `Accept-Language`) with a single-use token living `auth.accounts.passwordReset.tokenLifetimeSeconds`
 *   (core/auth/account-tokens.ts: stored only as a hash), at most `MAILS_PER_ACCOUNT_PER_HOUR` an hour
 *   (./rate-limit.ts). 400 for a malformed body or when reset is disabled.
 * - `GET /identity/password-reset?token=…`: the form (page style and CSRF protection of the `/connect` login page,
 *   `Referrer-Policy: no-referrer` so the token does not leak to other sites); an unknown, expired or used token
 *   shows an error page.
 * - `POST /identity/password-reset`: checks CSRF, the two passwords and the password rules (./passwords.ts; the
 *   token is kept for another try), then uses the token up and sets the password: a new hash and security stamp,
 *   every grant of the user revoked (refresh and access tokens) and every login session ended
 *   (`UserDirectory.setPassword`), the browser's own session included. A link made before the password last
 *   changed no longer works. The link was mailed to the account's address, so using it also confirms that
 *   address: the owner of an address someone registered without confirming takes the account over this way.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_FIELD } from '../connect/browser-session.js';
import { esc, hidden, sendPage, type Page } from '../connect/pages/html.js';
import { pickLocale, text, type UiLocale } from '../connect/pages/texts.js';
import { errorPage, messagePage } from '../connect/pages/views.js';
import { pageRoute } from '../connect/page-route.js';
import { sendResetMail } from './account-mail.js';
import { BODY_LIMIT, IDENTITY_PATHS, jsonBody, nonEmpty, sendApiError, type IdentityContext } from './context.js';
import { TOKEN_URL_LOGGING } from './log-redaction.js';
import { checkPassword } from './passwords.js';
import { DOCUMENTED_ONLY, IDENTITY_SCHEMAS } from './schemas.js';
import { accountText, mailLocale, passwordText } from './texts.js';

interface ResetView {
  csrf: string;
  token: string;
  userName: string;
  problem?: string;
}

function resetPage(locale: UiLocale, v: ResetView): Page {
  const t = (key: Parameters<typeof accountText>[1], values?: Record<string, string>) => esc(accountText(locale, key, values));
  return {
    locale,
    title: accountText(locale, 'resetTitle'),
    status: v.problem ? 400 : 200,
    body: () => `<h1>${t('resetTitle')}</h1><p>${t('resetLead', { user: v.userName })}</p>
${v.problem ? `<p class="error" role="alert">${esc(v.problem)}</p>` : ''}
<form method="post" action="${IDENTITY_PATHS.passwordReset}">${hidden(CSRF_FIELD, v.csrf)}${hidden('ui_locales', locale)}${hidden('token', v.token)}
<input type="text" name="username" autocomplete="username" value="${esc(v.userName)}" hidden>
<label for="password">${t('newPassword')}</label>
<input type="password" id="password" name="password" autocomplete="new-password" required autofocus>
<label for="password2">${t('repeatPassword')}</label>
<input type="password" id="password2" name="password2" autocomplete="new-password" required>
<button type="submit" class="reset-submit">${t('resetSubmit')}</button></form>`,
  };
}

const invalidLink = (reply: FastifyReply, locale: UiLocale) =>
  sendPage(reply, messagePage(locale, text(locale, 'errorTitle'), accountText(locale, 'resetInvalid'), 400));

export function registerPasswordReset(app: FastifyInstance, ctx: IdentityContext): void {
  const { auth } = ctx;
  const reset = auth.config.accounts.passwordReset;

  app.post(IDENTITY_PATHS.passwordForgotten, { schema: IDENTITY_SCHEMAS.passwordForgotten, ...DOCUMENTED_ONLY, ...BODY_LIMIT }, async (request, reply) => {
    const body = jsonBody(request);
    const identifier = nonEmpty(body, 'identifier');
    if (identifier === undefined) return sendApiError(reply, { identifier: ['identifier (user name or e-mail) is required.'] });
    if (!reset.enabled) return sendApiError(reply, { passwordReset: ['Password reset is disabled (auth.accounts.passwordReset.enabled).'] });
    const requested = Array.isArray(body!.preferredLanguages) ? body!.preferredLanguages.filter((l): l is string => typeof l === 'string') : [];
    const acceptLanguage = request.headers['accept-language'];
    ctx.background.run(async () => {
      const user = await auth.users.store.byIdentifier(identifier);
      if (!user || user.disabled || user.passwordHash === undefined || user.email === undefined) return;
      if (!(await ctx.mailQuota(request, user.subject))) return void request.log.warn({ subject: user.subject }, 'password reset mail not sent: hourly mail limit of the account reached');
      const token = await auth.accountTokens.issue('password_reset', user, reset.tokenLifetimeSeconds);
      await sendResetMail(ctx, user, mailLocale(user.preferredLanguages?.length ? user.preferredLanguages : requested, acceptLanguage), token);
      request.log.info({ subject: user.subject }, 'password reset link sent');
    });
    return reply.code(204).send();
  });

  /** The live token of the request and its user, or undefined. */
  const tokenUser = async (token: string) => {
    const record = await auth.accountTokens.peek('password_reset', token);
    const user = record && (await auth.users.bySubjectId(record.subject));
    return user && !user.disabled && record.stamp === (user.securityStamp ?? '') ? user : undefined;
  };

  app.get(IDENTITY_PATHS.passwordReset, { schema: { hide: true }, ...TOKEN_URL_LOGGING }, pageRoute(async (request, reply, params) => {
    const locale = pickLocale(params.get('ui_locales') ?? undefined, request.headers['accept-language']);
    reply.header('referrer-policy', 'no-referrer');
    const token = params.get('token') ?? '';
    const user = await tokenUser(token);
    if (!user) return invalidLink(reply, locale);
    return sendPage(reply, resetPage(locale, { csrf: ctx.sessions.csrfToken(request, reply), token, userName: user.userName }));
  }));

  app.post(IDENTITY_PATHS.passwordReset, { schema: { hide: true }, ...BODY_LIMIT }, pageRoute(async (request: FastifyRequest, reply, form) => {
    const locale = pickLocale(form.get('ui_locales') ?? undefined, request.headers['accept-language']);
    reply.header('referrer-policy', 'no-referrer');
    if (!ctx.sessions.csrfValid(request, form.get(CSRF_FIELD) ?? undefined)) return sendPage(reply, errorPage(locale, text(locale, 'csrfFailed'), 403));
    const token = form.get('token') ?? '';
    const user = await tokenUser(token);
    if (!user) return invalidLink(reply, locale);
    const password = form.get('password') ?? '';
    const refused = password === (form.get('password2') ?? '') ? await checkPassword(password, auth.config.accounts.minimumPasswordLength) : undefined;
    const problem = password !== (form.get('password2') ?? '') ? accountText(locale, 'resetMismatch') : refused && passwordText(locale, refused);
    if (problem) return sendPage(reply, resetPage(locale, { csrf: ctx.sessions.csrfToken(request, reply), token, userName: user.userName, problem }));
    const used = await auth.accountTokens.consume('password_reset', token);
    if (!used || used.subject !== user.subject) return invalidLink(reply, locale);
    await auth.users.setPassword(user.subject, password);
    // The link reached the account's mailbox: that confirms the address (else an account registered with someone
    // else's address and never confirmed would keep it from its owner, whom reset could not let in).
    if (!user.emailConfirmed) await auth.users.store.update(user.subject, { emailConfirmed: true });
    await ctx.sessions.signOut(request, reply);
    request.log.info({ subject: user.subject }, 'password reset: grants revoked, sessions ended');
    return sendPage(reply, messagePage(locale, accountText(locale, 'doneTitle'), accountText(locale, 'resetDone')));
  }));
}
