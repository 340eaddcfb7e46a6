/**
 * `POST /connect/consent` — the consent form (OpenID Connect Core 1.0 §3.1.2.4). Fields: `csrf`, `return` (the
 * authorization request), `decision` (`allow` or `deny`), `remember` (`true`: remember the scopes for this user
 * and client, `auth.session.consentLifetimeSeconds`) and `ui_locales`. Needs the signed-in user whose session
 * fits the request (else the login page). `deny` answers `access_denied` to the redirect URI (RFC 6749
 * §4.1.2.1); `allow` continues with the code.
 */
import type { FastifyInstance } from 'fastify';
import { validateAuthorizeRequest } from './authorize-request.js';
import { sendAuthorizeError } from './authorize-response.js';
import { CSRF_FIELD } from './browser-session.js';
import { CONSENT_PATH, continueAuthorization, localeOf, sessionFits, showLogin, type BrowserContext } from './interaction.js';
import { parseReturn } from './login.js';
import { sendPage } from './pages/html.js';
import { text } from './pages/texts.js';
import { errorPage } from './pages/views.js';
import { pageRoute } from './page-route.js';

export function registerConsentForm(app: FastifyInstance, ctx: BrowserContext): void {
  app.post(CONSENT_PATH, { schema: { hide: true } }, pageRoute(async (request, reply, form) => {
    const { auth } = ctx;
    const locale = localeOf(request, form.get('ui_locales'));
    if (!ctx.sessions.csrfValid(request, form.get(CSRF_FIELD) ?? undefined)) return sendPage(reply, errorPage(locale, text(locale, 'csrfFailed'), 403));
    const target = parseReturn(form.get('return'), auth.config.deviceFlow.verificationPath);
    const v = target && 'authorize' in target ? await validateAuthorizeRequest(target.authorize, auth) : undefined;
    if (!v) return sendPage(reply, errorPage(locale, 'the consent has no valid authorization request'));
    if (v.kind === 'fatal') return sendPage(reply, errorPage(locale, v.description));
    if (v.kind === 'redirect') return sendAuthorizeError(reply, v.target, v.error, v.description, auth.issuer, locale);
    const req = v.request;
    const current = await ctx.sessions.current(request);
    if (!sessionFits(current, req, auth.now())) return showLogin(ctx, request, reply, req, locale);
    const decision = form.get('decision');
    if (decision !== 'allow') return sendAuthorizeError(reply, req, 'access_denied', 'the user denied the request', auth.issuer, locale);
    if (form.get('remember') === 'true') await auth.consents.remember(current.user.subject, req.client.clientId, req.scopes.scopes);
    return continueAuthorization(ctx, request, reply, req, current, locale, true);
  }));
}
