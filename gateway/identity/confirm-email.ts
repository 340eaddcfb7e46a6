/**
 * The e-mail confirmation link of a registration (./register.ts mails it):
 *
 * - `GET /identity/confirm-email?token=…` shows a page naming the account, with one button; it confirms nothing.
 *   Mail security scanners (and link previews) open every link of a mail before its reader does: a GET that
 *   confirmed would let whoever registered with somebody else's address have it confirmed by that person's mail
 *   filter, which is what the confirmation exists to prevent. An unknown, expired or used token shows an error
 *   page (400).
 * - `POST /identity/confirm-email` (the button: token, CSRF field of the `/connect` pages, `ui_locales`) uses the
 *   token up (single use, `auth.accounts.emailConfirmationLifetimeSeconds`, core/auth/account-tokens.ts) and marks
 *   the address confirmed; the account can sign in.
 *
 * Both answer `Referrer-Policy: no-referrer`, and the token is kept out of the request log (./log-redaction.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CSRF_FIELD } from '../connect/browser-session.js';
import { esc, hidden, sendPage, type Page } from '../connect/pages/html.js';
import { pickLocale, text, type UiLocale } from '../connect/pages/texts.js';
import { errorPage, messagePage } from '../connect/pages/views.js';
import { pageRoute } from '../connect/page-route.js';
import { BODY_LIMIT, IDENTITY_PATHS, type IdentityContext } from './context.js';
import { TOKEN_URL_LOGGING } from './log-redaction.js';
import { accountText } from './texts.js';

/** The page behind the mailed link: the account's name and the button that confirms. */
function confirmPage(locale: UiLocale, csrf: string, token: string, userName: string): Page {
  const t = (key: Parameters<typeof accountText>[1], values?: Record<string, string>) => esc(accountText(locale, key, values));
  return {
    locale,
    title: accountText(locale, 'confirmSubject'),
    status: 200,
    body: () => `<h1>${t('confirmSubject')}</h1><p>${t('resetLead', { user: userName })}</p>
<form method="post" action="${IDENTITY_PATHS.confirmEmail}">${hidden(CSRF_FIELD, csrf)}${hidden('ui_locales', locale)}${hidden('token', token)}
<button type="submit" class="confirm-submit" autofocus>${t('confirmSubmit')}</button></form>`,
  };
}

const invalidLink = (reply: FastifyReply, locale: UiLocale) =>
  sendPage(reply, messagePage(locale, text(locale, 'errorTitle'), accountText(locale, 'confirmInvalid'), 400));

export function registerEmailConfirmation(app: FastifyInstance, ctx: IdentityContext): void {
  const { auth } = ctx;
  /** The unconfirmed account a live token names, else undefined. */
  const tokenUser = async (token: string) => {
    const record = await auth.accountTokens.peek('email_confirmation', token);
    const user = record && (await auth.users.store.bySubject(record.subject));
    return user && !user.emailConfirmed ? user : undefined;
  };

  app.get(IDENTITY_PATHS.confirmEmail, { schema: { hide: true }, ...TOKEN_URL_LOGGING }, pageRoute(async (request, reply, params) => {
    const locale = pickLocale(params.get('ui_locales') ?? undefined, request.headers['accept-language']);
    reply.header('referrer-policy', 'no-referrer');
    const token = params.get('token') ?? '';
    const user = await tokenUser(token);
    if (!user) return invalidLink(reply, locale);
    return sendPage(reply, confirmPage(locale, ctx.sessions.csrfToken(request, reply), token, user.userName));
  }));

  app.post(IDENTITY_PATHS.confirmEmail, { schema: { hide: true }, ...BODY_LIMIT }, pageRoute(async (request, reply, form) => {
    const locale = pickLocale(form.get('ui_locales') ?? undefined, request.headers['accept-language']);
    reply.header('referrer-policy', 'no-referrer');
    if (!ctx.sessions.csrfValid(request, form.get(CSRF_FIELD) ?? undefined)) return sendPage(reply, errorPage(locale, text(locale, 'csrfFailed'), 403));
    const record = await auth.accountTokens.consume('email_confirmation', form.get('token') ?? '');
    const confirmed = record && (await auth.users.store.update(record.subject, { emailConfirmed: true }));
    if (!confirmed) return invalidLink(reply, locale);
    request.log.info({ subject: record.subject }, 'e-mail address confirmed');
    return sendPage(reply, messagePage(locale, accountText(locale, 'doneTitle'), accountText(locale, 'confirmDone')));
  }));
}
