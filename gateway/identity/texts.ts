/**
 * The words of the account mails and pages (password reset, e-mail confirmation), in German and English; the
 * language is the first of the user's `preferredLanguages` the gateway has (BCP 47 primary subtag), else the
 * request's `Accept-Language` (RFC 9110 §12.5.4), else English.
 */
import { pickLocale, type UiLocale } from '../connect/pages/texts.js';
import type { PasswordProblem } from './passwords.js';

const EN = {
  resetSubject: 'Reset your password',
  resetMail: 'Someone (hopefully you) asked to reset the password of the account {user}.\n\nTo choose a new password, open this link within {minutes} minutes:\n{link}\n\nThe link works once. If you did not ask for it, ignore this message; your password stays as it is.',
  confirmSubject: 'Confirm your e-mail address',
  confirmMail: 'Welcome, {user}.\n\nTo confirm your e-mail address and activate your account, open this link within {hours} hours:\n{link}\n\nIf you did not register, ignore this message.',
  takenSubject: 'Registration with your e-mail address',
  takenMail: 'Someone tried to register a new account with this e-mail address, which already belongs to the account {user}.\n\nIf that was you: sign in with your account, or reset its password if you forgot it. Otherwise ignore this message.',
  resetTitle: 'Choose a new password',
  resetLead: 'Account: {user}',
  newPassword: 'New password',
  repeatPassword: 'Repeat the new password',
  resetSubmit: 'Set password',
  resetMismatch: 'The two passwords differ.',
  resetInvalid: 'This link is invalid, has expired or has already been used. Ask for a new one.',
  resetDone: 'Your password has been changed. Every session and every token of your account has been ended; sign in again with the new password.',
  confirmSubmit: 'Confirm e-mail address',
  confirmDone: 'Your e-mail address is confirmed. You can sign in now.',
  confirmInvalid: 'This confirmation link is invalid, has expired or has already been used.',
  doneTitle: 'Done',
  passwordTooShort: 'The password must have at least {limit} characters.',
  passwordTooLong: 'The password must have at most {limit} characters.',
  passwordCommon: 'The password is one of the most common passwords; choose another.',
};

type Texts = typeof EN;

const DE: Texts = {
  resetSubject: 'Passwort zurücksetzen',
  resetMail: 'Jemand (hoffentlich Sie) hat verlangt, das Passwort des Kontos {user} zurückzusetzen.\n\nUm ein neues Passwort zu wählen, öffnen Sie diesen Link innerhalb von {minutes} Minuten:\n{link}\n\nDer Link funktioniert einmal. Wenn Sie das nicht verlangt haben, ignorieren Sie diese Nachricht; Ihr Passwort bleibt unverändert.',
  confirmSubject: 'Bestätigen Sie Ihre E-Mail-Adresse',
  confirmMail: 'Willkommen, {user}.\n\nUm Ihre E-Mail-Adresse zu bestätigen und Ihr Konto zu aktivieren, öffnen Sie diesen Link innerhalb von {hours} Stunden:\n{link}\n\nWenn Sie sich nicht registriert haben, ignorieren Sie diese Nachricht.',
  takenSubject: 'Registrierung mit Ihrer E-Mail-Adresse',
  takenMail: 'Jemand hat versucht, mit dieser E-Mail-Adresse ein neues Konto anzulegen; sie gehört bereits zum Konto {user}.\n\nWaren Sie das, melden Sie sich mit Ihrem Konto an oder setzen Sie sein Passwort zurück. Andernfalls ignorieren Sie diese Nachricht.',
  resetTitle: 'Neues Passwort wählen',
  resetLead: 'Konto: {user}',
  newPassword: 'Neues Passwort',
  repeatPassword: 'Neues Passwort wiederholen',
  resetSubmit: 'Passwort setzen',
  resetMismatch: 'Die beiden Passwörter sind verschieden.',
  resetInvalid: 'Dieser Link ist ungültig, abgelaufen oder wurde bereits benutzt. Fordern Sie einen neuen an.',
  resetDone: 'Ihr Passwort wurde geändert. Alle Sitzungen und Tokens Ihres Kontos wurden beendet; melden Sie sich mit dem neuen Passwort wieder an.',
  confirmSubmit: 'E-Mail-Adresse bestätigen',
  confirmDone: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.',
  confirmInvalid: 'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits benutzt.',
  doneTitle: 'Erledigt',
  passwordTooShort: 'Das Passwort muss mindestens {limit} Zeichen haben.',
  passwordTooLong: 'Das Passwort darf höchstens {limit} Zeichen haben.',
  passwordCommon: 'Das Passwort gehört zu den häufigsten Passwörtern; wählen Sie ein anderes.',
};

export type AccountTextKey = keyof Texts;

/** The text in the locale with `{name}` placeholders filled. */
export function accountText(locale: UiLocale, key: AccountTextKey, values: Record<string, string> = {}): string {
  return (locale === 'de' ? DE : EN)[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** The words for a refused password. */
export const passwordText = (locale: UiLocale, problem: PasswordProblem) =>
  accountText(locale, problem.rule, 'limit' in problem ? { limit: String(problem.limit) } : {});

/** The locale of a user's mail: their preferred languages first, then the request's `Accept-Language`. */
export function mailLocale(preferredLanguages: readonly string[], acceptLanguage: string | undefined): UiLocale {
  return pickLocale(preferredLanguages.length > 0 ? preferredLanguages.join(' ') : undefined, acceptLanguage);
}
