/**
 * `GET`/`POST /connect/endsession` — the end-session endpoint of OpenID Connect RP-Initiated Logout 1.0 (§2, §3).
 *
 * Parameters: `id_token_hint` (an id token this server issued, `./id-token-hint.ts`: signature and `iss` are
 * checked, expiry is not — §2: the OP should accept it even when its `exp` has passed), `client_id`,
 * `post_logout_redirect_uri`, `state`, `ui_locales`.
 * - `post_logout_redirect_uri` must be byte-equal to one of the client's `postLogoutRedirectUris`, the client
 *   being the hint's `aud` or `client_id` (both must agree); otherwise, and for a hint that does not verify, a
 *   local error page answers — never a redirect (§3).
 * - With a valid hint for the signed-in user (or nobody signed in) the session ends at once; otherwise the user
 *   is asked whether to log out (§2 recommends asking): a form with `csrf` and `decision=logout`.
 * - A session signed in through an identity provider is signed out there too (`./federation/sign-out.ts`): `303`
 *   to the provider's end-session endpoint, which sends the browser back to `GET /connect/idp/<name>/signedout`
 *   (registered here) with the `state` sent; the logout then continues as below. A return whose `state` is unknown
 *   or used shows the "signed out" page when no session is signed in, else an error page (400).
 * - Afterwards: `303` to `post_logout_redirect_uri` with `state`, or the "signed out" page.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ClientConfig } from '../../core/auth/config.js';
import { CSRF_FIELD } from './browser-session.js';
import type { FederationContext } from './federation/routes.js';
import { takeUpstreamSignOut, upstreamSignOutUrl } from './federation/sign-out.js';
import { verifyIdTokenHint } from './id-token-hint.js';
import { localeOf } from './interaction.js';
import { sendPage } from './pages/html.js';
import { pickLocale, text, type UiLocale } from './pages/texts.js';
import { errorPage, logoutConfirmPage, messagePage } from './pages/views.js';
import { pageRoute } from './page-route.js';

export const END_SESSION_PATH = '/connect/endsession';

export function registerEndSessionEndpoint(app: FastifyInstance, ctx: FederationContext): void {
  const handler = pageRoute(async (request, reply, params) => {
    const { auth } = ctx;
    const locale = localeOf(request, params.get('ui_locales'));
    const fail = (detail: string) => sendPage(reply, errorPage(locale, detail));
    const hintValue = params.get('id_token_hint') || undefined;
    const hint = hintValue === undefined ? undefined : await verifyIdTokenHint(ctx.auth, hintValue);
    if (hintValue !== undefined && !hint) return fail('id_token_hint is not an id token issued by this server');
    const clientId = params.get('client_id') || undefined;
    if (hint && clientId !== undefined && hint.aud !== clientId) return fail('client_id does not match the id_token_hint');
    const client: ClientConfig | undefined = auth.clients.client(hint?.aud ?? clientId ?? '');
    if ((clientId !== undefined || hint) && !client) return fail('the client is unknown');
    const redirectUri = params.get('post_logout_redirect_uri') || undefined;
    if (redirectUri !== undefined && !client) return fail('post_logout_redirect_uri needs id_token_hint or client_id');
    if (redirectUri !== undefined && !client!.postLogoutRedirectUris.includes(redirectUri)) return fail('post_logout_redirect_uri is not registered for this client');
    const state = params.get('state') || undefined;

    const current = await ctx.sessions.current(request);
    const confirmed = request.method === 'POST' && params.get('decision') === 'logout';
    if (confirmed && !ctx.sessions.csrfValid(request, params.get(CSRF_FIELD) ?? undefined)) return sendPage(reply, errorPage(locale, text(locale, 'csrfFailed'), 403));
    if (current && !confirmed && hint?.sub !== current.user.subject) {
      const csrf = ctx.sessions.csrfToken(request, reply);
      const keep: Record<string, string> = {
        ...(hintValue !== undefined && { id_token_hint: hintValue }), ...(clientId !== undefined && { client_id: clientId }),
        ...(redirectUri !== undefined && { post_logout_redirect_uri: redirectUri }), ...(state !== undefined && { state }),
      };
      return sendPage(reply, logoutConfirmPage({ csrf, action: END_SESSION_PATH, locale }, current.user.claims.name ?? current.user.userName, keep));
    }
    await ctx.sessions.signOut(request, reply);
    const upstream = await upstreamSignOutUrl(ctx, request, current, { postLogoutRedirectUri: redirectUri, clientState: state, locale });
    if (upstream !== undefined) return reply.code(303).header('location', upstream).send();
    return loggedOut(reply, locale, redirectUri, state);
  });
  const schema = { hide: true };
  app.get(END_SESSION_PATH, { schema }, handler);
  app.post(END_SESSION_PATH, { schema }, handler);

  app.get('/connect/idp/:name/signedout', { schema }, pageRoute(async (request, reply, params) => {
    const flow = await takeUpstreamSignOut(ctx, (request.params as { name: string }).name, params.get('state'));
    if (flow) return loggedOut(reply, pickLocale(flow.locale, undefined), flow.postLogoutRedirectUri, flow.clientState);
    const locale = localeOf(request, undefined);
    if (await ctx.sessions.current(request)) return sendPage(reply, errorPage(locale, 'the sign-out at the identity provider is unknown or has expired'));
    return loggedOut(reply, locale, undefined, undefined);
  }));
}

function loggedOut(reply: FastifyReply, locale: UiLocale, redirectUri: string | undefined, state: string | undefined): FastifyReply {
  if (redirectUri === undefined) return sendPage(reply, messagePage(locale, text(locale, 'loggedOutTitle'), text(locale, 'loggedOutLead')));
  const location = state === undefined ? redirectUri : redirectUri + (redirectUri.includes('?') ? '&' : '?') + new URLSearchParams({ state }).toString();
  return reply.code(303).header('location', location).send();
}

