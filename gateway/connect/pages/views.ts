/**
 * The pages of the browser side of `/connect`: login, consent, device verification, logout and error. Each
 * function returns a {@link Page} for `sendPage`; every value shown is escaped, every form carries the CSRF field.
 * Stable element names for automation: `username`, `password`, `decision` (`allow`/`deny`), `user_code`.
 */
import { esc, hidden, type Page } from './html.js';
import { text, type UiLocale } from './texts.js';

/** What a form needs: the CSRF field value and where to post. */
export interface FormContext {
  csrf: string;
  action: string;
  locale: UiLocale;
}

const form = (f: FormContext, inner: string, extra: Record<string, string> = {}) =>
  `<form method="post" action="${esc(f.action)}">${hidden('csrf', f.csrf)}${hidden('ui_locales', f.locale)}${Object.entries(extra).map(([k, v]) => hidden(k, v)).join('')}${inner}</form>`;

const list = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;

export interface LoginView {
  /** Client display name, when the sign-in is for a client. */
  client?: string;
  /** Tenant display name (`acr_values=tenant:`). */
  tenant?: string;
  loginHint?: string;
  failed?: boolean;
  /** Where to continue after sign-in (hidden field `return`). */
  returnTo: string;
  formAction?: readonly string[];
  /** Identity providers offered as buttons (`name` posted as `idp` to `providerAction`). */
  providers?: ReadonlyArray<{ name: string; label: string }>;
  /** Where the provider buttons post. */
  providerAction?: string;
}

/** The login page's second form: one button per identity provider. */
function providerForm(f: FormContext, v: LoginView): string {
  if (!v.providers?.length || !v.providerAction) return '';
  const buttons = v.providers.map((p) => `<button type="submit" name="idp" value="${esc(p.name)}" class="provider">${esc(p.label)}</button>`).join('');
  return `<p class="or">${esc(text(f.locale, 'orSignInWith'))}</p>${form({ ...f, action: v.providerAction }, `<div class="providers">${buttons}</div>`, { return: v.returnTo })}`;
}

export function loginPage(f: FormContext, v: LoginView): Page {
  const t = (k: Parameters<typeof text>[1], values?: Record<string, string>) => esc(text(f.locale, k, values));
  return {
    locale: f.locale,
    title: text(f.locale, 'signInTitle'),
    status: v.failed ? 400 : 200,
    formAction: v.formAction,
    body: () => `${v.tenant ? `<p class="tenant">${t('tenant')}: ${esc(v.tenant)}</p>` : ''}<h1>${t('signInTitle')}</h1>
${v.client ? `<p>${t('signInLead', { client: v.client })}</p>` : ''}
${v.failed ? `<p class="error" role="alert">${t('signInFailed')}</p>` : ''}
${form(f, `<label for="username">${t('userName')}</label>
<input type="text" id="username" name="username" autocomplete="username" required value="${esc(v.loginHint ?? '')}"${v.loginHint ? '' : ' autofocus'}>
<label for="password">${t('password')}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${v.loginHint ? ' autofocus' : ''}>
<button type="submit" class="login-submit">${t('signIn')}</button>`, { return: v.returnTo })}
${providerForm(f, v)}`,
  };
}

export interface ConsentView {
  client: string;
  user: string;
  /** The scopes in words. */
  scopes: readonly string[];
  returnTo: string;
  formAction?: readonly string[];
}

export function consentPage(f: FormContext, v: ConsentView): Page {
  const t = (k: Parameters<typeof text>[1], values?: Record<string, string>) => esc(text(f.locale, k, values));
  return {
    locale: f.locale,
    title: text(f.locale, 'consentTitle'),
    formAction: v.formAction,
    body: () => `<h1>${t('consentTitle')}</h1><p>${t('signedInAs', { user: v.user })}</p><p>${t('consentLead', { client: v.client })}</p>
${list(v.scopes)}
${form(f, `<label><input type="checkbox" name="remember" value="true" checked> ${t('remember')}</label>
<button type="submit" name="decision" value="allow">${t('allow')}</button><button type="submit" name="decision" value="deny" class="secondary">${t('deny')}</button>`, { return: v.returnTo })}`,
  };
}

export function deviceEntryPage(f: FormContext, unknownCode?: string): Page {
  const t = (k: Parameters<typeof text>[1]) => esc(text(f.locale, k));
  return {
    locale: f.locale,
    title: text(f.locale, 'deviceTitle'),
    status: unknownCode === undefined ? 200 : 400,
    body: () => `<h1>${t('deviceTitle')}</h1>${unknownCode !== undefined ? `<p class="error" role="alert">${t('deviceUnknown')}</p>` : ''}<p>${t('deviceLead')}</p>
<form method="get" action="${esc(f.action)}">${hidden('ui_locales', f.locale)}<label for="user_code">${t('userCode')}</label>
<input type="text" id="user_code" name="user_code" class="code" autocomplete="off" required value="${esc(unknownCode ?? '')}">
<button type="submit">${t('next')}</button></form>`,
  };
}

export interface DeviceConfirmView {
  client: string;
  user: string;
  userCode: string;
  scopes: readonly string[];
}

export function deviceConfirmPage(f: FormContext, v: DeviceConfirmView): Page {
  const t = (k: Parameters<typeof text>[1], values?: Record<string, string>) => esc(text(f.locale, k, values));
  return {
    locale: f.locale,
    title: text(f.locale, 'deviceTitle'),
    body: () => `<h1>${t('deviceTitle')}</h1><p>${t('signedInAs', { user: v.user })}</p>
<p>${t('deviceCheckCode', { code: '\u0000' }).replace('\u0000', `<span class="code">${esc(v.userCode)}</span>`)}</p>
<p>${t('deviceConfirm', { client: v.client })}</p>${list(v.scopes)}
${form(f, `<button type="submit" name="decision" value="allow">${t('allow')}</button><button type="submit" name="decision" value="deny" class="secondary">${t('deny')}</button>`, { user_code: v.userCode })}`,
  };
}

/** A page with a title and one message (device result, signed out, errors). */
export function messagePage(locale: UiLocale, title: string, message: string, status = 200, detail?: string): Page {
  return {
    locale,
    title,
    status,
    body: () => `<h1>${esc(title)}</h1><p${status >= 400 ? ' class="error" role="alert"' : ''}>${esc(message)}</p>${detail ? `<p><small>${esc(detail)}</small></p>` : ''}`,
  };
}

/** The error page: the generic lead and, for a request error, what is wrong with it (never a redirect). */
export const errorPage = (locale: UiLocale, detail: string | undefined, status = 400) =>
  messagePage(locale, text(locale, 'errorTitle'), text(locale, 'errorLead'), status, detail);

export function logoutConfirmPage(f: FormContext, user: string, params: Record<string, string>): Page {
  const t = (k: Parameters<typeof text>[1], values?: Record<string, string>) => esc(text(f.locale, k, values));
  return {
    locale: f.locale,
    title: text(f.locale, 'logoutTitle'),
    formAction: [],
    body: () => `<h1>${t('logoutTitle')}</h1><p>${t('signedInAs', { user })}</p><p>${t('logoutLead')}</p>
${form(f, `<button type="submit" name="decision" value="logout">${t('logout')}</button>`, params)}`,
  };
}
