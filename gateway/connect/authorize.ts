/**
 * `GET`/`POST /connect/authorize` — the authorization endpoint (RFC 6749 §3.1, §4.1; OpenID Connect Core 1.0
 * §3.1.2; `POST` with a form body, OIDC Core §3.1.2.1). Validation in `./authorize-request.ts`, the answer in
 * `./authorize-response.ts`, sign-in and consent in `./interaction.ts`.
 *
 * `prompt=none` never shows a page: it answers the code, or `login_required` / `consent_required` to the
 * redirect URI (OIDC Core §3.1.2.6). Without a fitting session the login page is shown in place (its form
 * continues this request); `prompt=login`, an exceeded `max_age` and an `id_token_hint` naming another user than
 * the signed-in one show it even with a session (OIDC Core §3.1.2.1: with `prompt=none` that is `login_required`);
 * a hint that is not an id token of this server is `invalid_request`.
 *
 * `acr_values=idp:<name>` (federation, `./federation/routes.ts`) skips the login page: without a session signed
 * in through that provider the browser goes to the provider (`login_required` with `prompt=none`). A session
 * through a provider the client does not allow needs a new sign-in (Duende's re-authentication rules).
 */
import type { FastifyInstance } from 'fastify';
import { validateAuthorizeRequest } from './authorize-request.js';
import { sendAuthorizeError } from './authorize-response.js';
import { verifyIdTokenHint } from './id-token-hint.js';
import { beginFederation, type FederationContext } from './federation/routes.js';
import { identityProvider } from './federation/providers.js';
import { AUTHORIZE_PATH, continueAuthorization, localeOf, sessionFits, showLogin } from './interaction.js';
import { sendPage } from './pages/html.js';
import { errorPage } from './pages/views.js';
import { pageRoute } from './page-route.js';

export function registerAuthorizeEndpoint(app: FastifyInstance, ctx: FederationContext): void {
  const handler = pageRoute(async (request, reply, params) => {
    const { auth } = ctx;
    const locale = localeOf(request, params.get('ui_locales'));
    const v = await validateAuthorizeRequest(params, auth);
    if (v.kind === 'fatal') return sendPage(reply, errorPage(locale, v.description));
    if (v.kind === 'redirect') return sendAuthorizeError(reply, v.target, v.error, v.description, auth.issuer, locale);
    const req = v.request;
    const current = await ctx.sessions.current(request);
    const hintValue = params.get('id_token_hint') || undefined;
    const hint = hintValue === undefined ? undefined : await verifyIdTokenHint(auth, hintValue);
    if (hintValue !== undefined && !hint) return sendAuthorizeError(reply, req, 'invalid_request', 'id_token_hint is not an id token issued by this server', auth.issuer, locale);
    const otherUser = hint !== undefined && current !== undefined && hint.sub !== current.user.subject;
    if (!sessionFits(current, req, auth.now()) || req.prompt.has('login') || otherUser) {
      if (req.prompt.has('none')) return sendAuthorizeError(reply, req, 'login_required', 'the user must sign in', auth.issuer, locale);
      if (req.idp !== undefined) return beginFederation(ctx, request, reply, req, identityProvider(auth, req.tenant, req.idp)!, locale);
      return showLogin(ctx, request, reply, req, locale);
    }
    return continueAuthorization(ctx, request, reply, req, current, locale);
  });
  const schema = { hide: true };
  app.get(AUTHORIZE_PATH, { schema }, handler);
  app.post(AUTHORIZE_PATH, { schema }, handler);
}
