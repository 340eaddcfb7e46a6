/**
 * `POST /connect/login` — the login form (OpenID Connect Core 1.0 §3.1.2.3). Fields: `csrf`, `username`,
 * `password`, `return` (the authorization request, `/connect/authorize?…`, or the device page,
 * `<verificationPath>?user_code=…`: never any other target, so the form cannot redirect elsewhere) and
 * `ui_locales`.
 *
 * The password check runs through the password lockout (`core/auth/lockout.ts`, `auth.lockout`), as at the
 * token endpoint; a wrong password, an unknown or disabled user, a user outside the request's tenant and a name
 * that is backed off or locked all get the same page and message (OWASP Authentication Cheat Sheet,
 * "Authentication and Error Messages"). A sign-in always starts a new session (a new cookie value).
 */
import type { FastifyInstance } from 'fastify';
import { validateAuthorizeRequest } from './authorize-request.js';
import { CSRF_FIELD } from './browser-session.js';
import { GRANTS_PATH } from './grants-page.js';
import { LOGIN_PATH, continueAuthorization, localeOf, showLogin, type BrowserContext } from './interaction.js';
import { sendPage } from './pages/html.js';
import { text } from './pages/texts.js';
import { errorPage, loginPage } from './pages/views.js';
import { pageRoute } from './page-route.js';

/** The target of a `return` field: the authorization request's parameters, or a device page path; undefined when neither. */
export function parseReturn(value: string | null, verificationPath: string): { authorize: URLSearchParams } | { device: string } | undefined {
  if (!value) return undefined;
  if (value.startsWith('/connect/authorize?')) return { authorize: new URLSearchParams(value.slice('/connect/authorize?'.length)) };
  if (value === verificationPath || value.startsWith(verificationPath + '?')) return { device: value };
  // The connected-applications page (./grants-page.ts) returns here after sign-in too.
  if (value === GRANTS_PATH) return { device: value };
  return undefined;
}

export function registerLoginForm(app: FastifyInstance, ctx: BrowserContext): void {
  app.post(LOGIN_PATH, { schema: { hide: true } }, pageRoute(async (request, reply, form) => {
    const { auth } = ctx;
    const locale = localeOf(request, form.get('ui_locales'));
    if (!ctx.sessions.csrfValid(request, form.get(CSRF_FIELD) ?? undefined)) return sendPage(reply, errorPage(locale, text(locale, 'csrfFailed'), 403));
    const target = parseReturn(form.get('return'), auth.config.deviceFlow.verificationPath);
    if (!target) return sendPage(reply, errorPage(locale, 'the sign-in has no valid return target'));
    const v = 'authorize' in target ? await validateAuthorizeRequest(target.authorize, auth) : undefined;
    if (v && v.kind !== 'ok') return sendPage(reply, errorPage(locale, v.kind === 'fatal' ? v.description : `${v.error}: ${v.description}`));
    const req = v?.request;
    // `acr_values=idp:<name>`: the request signs in at that identity provider only, never with a password.
    if (req?.idp !== undefined) return sendPage(reply, errorPage(locale, `this request signs in through identity provider ${req.idp} only`));
    const userName = (form.get('username') ?? '').trim();
    const password = form.get('password') ?? '';
    const user = userName === '' || password === '' ? undefined : await auth.lockout.attempt(await auth.users.lockoutName(userName), async () => {
      const found = await auth.users.authenticate(userName, password);
      return found && (!req || found.tenants.length === 0 || found.tenants.includes(req.tenant)) ? found : undefined;
    });
    if (!user) {
      if (req) return showLogin(ctx, request, reply, req, locale, userName);
      const csrf = ctx.sessions.csrfToken(request, reply);
      return sendPage(reply, loginPage({ csrf, action: LOGIN_PATH, locale }, { failed: true, loginHint: userName, returnTo: form.get('return')! }));
    }
    const current = await ctx.sessions.signIn(request, reply, user, { amr: ['pwd'], ...(req?.requestedTenant !== undefined && { tenant: req.requestedTenant }) });
    if (!req) return reply.code(303).header('location', (target as { device: string }).device).send();
    return continueAuthorization(ctx, request, reply, req, current, locale);
  }));
}
