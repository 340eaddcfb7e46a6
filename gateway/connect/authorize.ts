/**
 * `GET`/`POST /connect/authorize` — the authorization endpoint (RFC 6749 §3.1, §4.1; OpenID Connect Core 1.0
 * §3.1.2; `POST` with a form body, OIDC Core §3.1.2.1). Validation in `./authorize-request.ts`, the answer in
 * `./authorize-response.ts`, sign-in and consent in `./interaction.ts`.
 *
 * `prompt=none` never shows a page: it answers the code, or `login_required` / `consent_required` to the
 * redirect URI (OIDC Core §3.1.2.6). Without a fitting session the login page is shown in place (its form
 * continues this request); `prompt=login` and an exceeded `max_age` show it even with a session.
 */
import type { FastifyInstance } from 'fastify';
import { validateAuthorizeRequest } from './authorize-request.js';
import { sendAuthorizeError } from './authorize-response.js';
import { AUTHORIZE_PATH, continueAuthorization, localeOf, sessionFits, showLogin, type BrowserContext } from './interaction.js';
import { sendPage } from './pages/html.js';
import { errorPage } from './pages/views.js';
import { pageRoute } from './page-route.js';

export function registerAuthorizeEndpoint(app: FastifyInstance, ctx: BrowserContext): void {
  const handler = pageRoute(async (request, reply, params) => {
    const { auth } = ctx;
    const locale = localeOf(request, params.get('ui_locales'));
    const v = validateAuthorizeRequest(params, auth);
    if (v.kind === 'fatal') return sendPage(reply, errorPage(locale, v.description));
    if (v.kind === 'redirect') return sendAuthorizeError(reply, v.target, v.error, v.description, auth.issuer, locale);
    const req = v.request;
    const current = await ctx.sessions.current(request);
    if (!sessionFits(current, req, auth.now()) || req.prompt.has('login')) {
      if (req.prompt.has('none')) return sendAuthorizeError(reply, req, 'login_required', 'the user must sign in', auth.issuer, locale);
      return showLogin(ctx, request, reply, req, locale);
    }
    return continueAuthorization(ctx, request, reply, req, current, locale);
  });
  const schema = { hide: true };
  app.get(AUTHORIZE_PATH, { schema }, handler);
  app.post(AUTHORIZE_PATH, { schema }, handler);
}
