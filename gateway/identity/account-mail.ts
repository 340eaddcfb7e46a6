/**
 * The account mails: password reset link, e-mail confirmation link, and the notice to an address that someone
 * tried to register again. Plain text plus the same text as HTML (escaped, the link clickable), in the user's
 * language (./texts.ts). Links point at the issuer (never at a request's `Host`, which a caller could forge to
 * steal the token: OWASP Forgot Password Cheat Sheet, "Host header injection").
 */
import type { UiLocale } from '../connect/pages/texts.js';
import { esc } from '../connect/pages/html.js';
import { IDENTITY_PATHS, type IdentityContext } from './context.js';
import { accountText, type AccountTextKey } from './texts.js';

interface Recipient {
  userName: string;
  email?: string;
}

function html(text: string, link: string | undefined): string {
  const paragraphs = text.split('\n\n').map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`).join('');
  return link === undefined ? paragraphs : paragraphs.replace(esc(link), `<a href="${esc(link)}">${esc(link)}</a>`);
}

async function send(ctx: IdentityContext, to: Recipient, locale: UiLocale, subject: AccountTextKey, body: AccountTextKey, values: Record<string, string>, link?: string) {
  if (to.email === undefined) return;
  const text = accountText(locale, body, { user: to.userName, ...values, ...(link !== undefined && { link }) });
  await ctx.mailer.send({ to: to.email, subject: accountText(locale, subject), text, html: html(text, link), language: locale });
}

/** Mails a password reset link with `token`. */
export function sendResetMail(ctx: IdentityContext, to: Recipient, locale: UiLocale, token: string): Promise<void> {
  const link = `${ctx.auth.issuer}${IDENTITY_PATHS.passwordReset}?token=${token}`;
  const minutes = String(Math.round(ctx.auth.config.accounts.passwordReset.tokenLifetimeSeconds / 60));
  return send(ctx, to, locale, 'resetSubject', 'resetMail', { minutes }, link);
}

/** Mails an e-mail confirmation link with `token`. */
export function sendConfirmationMail(ctx: IdentityContext, to: Recipient, locale: UiLocale, token: string): Promise<void> {
  const link = `${ctx.auth.issuer}${IDENTITY_PATHS.confirmEmail}?token=${token}`;
  const hours = String(Math.round(ctx.auth.config.accounts.emailConfirmationLifetimeSeconds / 3600));
  return send(ctx, to, locale, 'confirmSubject', 'confirmMail', { hours }, link);
}

/** Tells the owner of an address that a registration with it was tried. */
export function sendAddressTakenMail(ctx: IdentityContext, to: Recipient, locale: UiLocale): Promise<void> {
  return send(ctx, to, locale, 'takenSubject', 'takenMail', {});
}
