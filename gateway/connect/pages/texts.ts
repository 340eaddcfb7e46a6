/**
 * The words of the browser pages of `/connect`, in German and English (`ui_locales`, OpenID Connect Core 1.0
 * §3.1.2.1: "End-User's preferred languages and scripts for the user interface … space-separated list of BCP47
 * language tag values, ordered by preference"; without it the `Accept-Language` header, RFC 9110 §12.5.4).
 */
export const UI_LOCALES = ['de', 'en'] as const;
export type UiLocale = (typeof UI_LOCALES)[number];

const EN = {
  signInTitle: 'Sign in',
  signInLead: 'Sign in to continue to {client}.',
  tenant: 'Organisation',
  userName: 'User name or e-mail',
  password: 'Password',
  signIn: 'Sign in',
  orSignInWith: 'Or sign in with',
  signInFailed: 'Sign-in failed: the user name or password is incorrect, or sign-in is paused after repeated failures. Please try again later.',
  signedInAs: 'Signed in as {user}.',
  consentTitle: 'Allow access?',
  consentLead: '{client} asks for access to:',
  remember: 'Remember my decision',
  allow: 'Allow',
  deny: 'Deny',
  deviceTitle: 'Connect a device',
  deviceLead: 'Enter the code shown on your device.',
  userCode: 'Code',
  next: 'Continue',
  deviceConfirm: '{client} on your device asks for access to:',
  deviceCheckCode: 'Check that your device shows this code: {code}',
  deviceUnknown: 'This code is unknown, has expired or has already been used.',
  deviceApproved: 'Done. You can return to your device.',
  deviceDenied: 'Access denied. Your device will not be connected.',
  logoutTitle: 'Sign out',
  logoutLead: 'Do you want to sign out?',
  logout: 'Sign out',
  loggedOutTitle: 'Signed out',
  loggedOutLead: 'You are signed out.',
  errorTitle: 'Error',
  errorLead: 'The request cannot be processed.',
  csrfFailed: 'The form has expired. Please go back, reload the page and try again.',
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  redirecting: 'Continue',
  scope_openid: 'Your user identifier',
  scope_profile: 'Your profile: name, given name, family name',
  scope_role: 'Your roles',
  scope_email: 'Your e-mail address',
  scope_offline_access: 'Access while you are not signed in (refresh tokens)',
};

type Texts = typeof EN;

const DE: Texts = {
  signInTitle: 'Anmelden',
  signInLead: 'Melden Sie sich an, um zu {client} zu gelangen.',
  tenant: 'Organisation',
  userName: 'Benutzername oder E-Mail',
  password: 'Passwort',
  signIn: 'Anmelden',
  orSignInWith: 'Oder anmelden mit',
  signInFailed: 'Anmeldung fehlgeschlagen: Benutzername oder Passwort sind falsch, oder die Anmeldung ist nach wiederholten Fehlversuchen pausiert. Bitte versuchen Sie es später erneut.',
  signedInAs: 'Angemeldet als {user}.',
  consentTitle: 'Zugriff erlauben?',
  consentLead: '{client} bittet um Zugriff auf:',
  remember: 'Entscheidung merken',
  allow: 'Erlauben',
  deny: 'Ablehnen',
  deviceTitle: 'Gerät verbinden',
  deviceLead: 'Geben Sie den Code ein, den Ihr Gerät anzeigt.',
  userCode: 'Code',
  next: 'Weiter',
  deviceConfirm: '{client} auf Ihrem Gerät bittet um Zugriff auf:',
  deviceCheckCode: 'Prüfen Sie, ob Ihr Gerät diesen Code anzeigt: {code}',
  deviceUnknown: 'Dieser Code ist unbekannt, abgelaufen oder wurde bereits verwendet.',
  deviceApproved: 'Fertig. Sie können zu Ihrem Gerät zurückkehren.',
  deviceDenied: 'Zugriff abgelehnt. Ihr Gerät wird nicht verbunden.',
  logoutTitle: 'Abmelden',
  logoutLead: 'Möchten Sie sich abmelden?',
  logout: 'Abmelden',
  loggedOutTitle: 'Abgemeldet',
  loggedOutLead: 'Sie sind abgemeldet.',
  errorTitle: 'Fehler',
  errorLead: 'Die Anfrage kann nicht bearbeitet werden.',
  csrfFailed: 'Das Formular ist abgelaufen. Bitte gehen Sie zurück, laden Sie die Seite neu und versuchen Sie es erneut.',
  unavailable: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
  redirecting: 'Weiter',
  scope_openid: 'Ihre Benutzerkennung',
  scope_profile: 'Ihr Profil: Name, Vorname, Nachname',
  scope_role: 'Ihre Rollen',
  scope_email: 'Ihre E-Mail-Adresse',
  scope_offline_access: 'Zugriff auch, wenn Sie nicht angemeldet sind (Refresh-Tokens)',
};

export type TextKey = keyof Texts;
const CATALOGUE: Record<UiLocale, Texts> = { en: EN, de: DE };

/** The text in the locale, `{name}` placeholders filled from `values` (not escaped: the page escapes). */
export function text(locale: UiLocale, key: TextKey, values: Record<string, string> = {}): string {
  return CATALOGUE[locale][key].replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m);
}

/** The words for a scope: the catalogue's for identity scopes and `offline_access`, else `fallback` (an API scope's `displayName`) or the name. */
export function scopeText(locale: UiLocale, scope: string, fallback?: string): string {
  const key = `scope_${scope}`;
  return key in EN ? text(locale, key as TextKey) : (fallback ?? scope);
}

/**
 * The page locale: the first `ui_locales` tag whose primary language is served, else the first such
 * `Accept-Language` range (by q-value), else English.
 */
export function pickLocale(uiLocales: string | undefined, acceptLanguage: string | undefined): UiLocale {
  const served = (tag: string) => UI_LOCALES.find((l) => tag.toLowerCase().split('-')[0] === l);
  for (const tag of (uiLocales ?? '').split(' ').filter(Boolean)) {
    const l = served(tag);
    if (l) return l;
  }
  const ranges = (acceptLanguage ?? '').split(',').map((part, i) => {
    const [tag, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
  });
  ranges.sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranges) {
    const l = r.q > 0 ? served(r.tag) : undefined;
    if (l) return l;
  }
  return 'en';
}
