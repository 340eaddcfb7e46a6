/**
 * The steps of an authorization request once it is valid (OpenID Connect Core 1.0 §3.1.2.3–3.1.2.5): is the
 * user signed in recently enough for this request, has the user consented, then the code and the tokens the
 * response type asks for (`core/auth/implicit.ts`). Shared by
 * `GET/POST /connect/authorize`, the login form and the consent form, so that a sign-in or a consent continues the
 * original request without another round trip through the authorize endpoint (and `prompt=login`/`max_age=0`
 * cannot loop).
 *
 * Rules:
 * - sign-in is needed without a session, with `prompt=login`, when `max_age` seconds have passed since
 *   `auth_time`, when the request names a tenant other than the session's, when the user does not belong to
 *   the request's tenant, when `idp:<name>` names another identity provider than the session's, or when the
 *   session's provider is not one the client allows; with `prompt=none` that answers `login_required`;
 * - consent is needed with `prompt=consent`, for any client (OIDC Core §3.1.2.1: the server "SHOULD prompt the
 *   End-User for consent"), and for a client with `requireConsent` when the user has not consented to every
 *   requested scope before; with `prompt=none` that answers `consent_required`;
 * - a client without `requireConsent` is a first-party client: without `prompt=consent` its requests are granted
 *   without a consent page, `offline_access` included (a refresh token when the client has `allowOfflineAccess`).
 *   OIDC Core §11 asks for `prompt=consent` with `offline_access` "unless other conditions for processing the
 *   request permitting offline access to the requested resources are in place": here, the client's configuration.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createAuthorizationCode } from '../../core/auth/authorization-codes.js';
import { issueFrontChannelTokens } from '../../core/auth/implicit.js';
import type { AuthServices } from '../../core/auth/services.js';
import type { AuthorizeRequest } from './authorize-request.js';
import { sendAuthorizeError, sendAuthorizeResponse } from './authorize-response.js';
import type { BrowserSessions, CurrentSession } from './browser-session.js';
import { cspOrigin, sendPage } from './pages/html.js';
import { consumePushedRequest } from './par.js';
import { pickLocale, scopeText, type UiLocale } from './pages/texts.js';
import { consentPage, loginPage } from './pages/views.js';
import { FEDERATION_START_PATH, providersFor, sessionProviderAllowed } from './federation/providers.js';

/** Paths of the forms of the browser side. */
export const LOGIN_PATH = '/connect/login';
export const CONSENT_PATH = '/connect/consent';
export const AUTHORIZE_PATH = '/connect/authorize';

export interface BrowserContext {
  auth: AuthServices;
  sessions: BrowserSessions;
}

/** The page locale of a request: `ui_locales` (a parameter or form field), else `Accept-Language`. */
export const localeOf = (request: FastifyRequest, uiLocales: string | undefined | null): UiLocale =>
  pickLocale(uiLocales ?? undefined, request.headers['accept-language']);

/** The `return` value that brings a sign-in or consent back to this request. */
export const authorizeReturn = (req: AuthorizeRequest) => `${AUTHORIZE_PATH}?${req.params.toString()}`;

/** CSP `form-action` of the pages of a request: this server and the client's redirect origin. */
const formAction = (req: AuthorizeRequest) => [cspOrigin(req.redirectUri)].filter((o): o is string => o !== undefined);

/** Whether the session may serve the request without a new sign-in. */
export function sessionFits(current: CurrentSession | undefined, req: AuthorizeRequest, now: number): current is CurrentSession {
  if (!current) return false;
  if (req.maxAge !== undefined && now - current.session.authTime > req.maxAge) return false;
  if (req.requestedTenant !== undefined && current.session.tenant !== req.requestedTenant) return false;
  // `idp:<name>` needs a session through that provider; a provider the client restricts away needs a new sign-in.
  if (req.idp !== undefined && current.session.idp !== req.idp) return false;
  if (!sessionProviderAllowed(req.client, current.session.idp)) return false;
  const tenants = current.user.tenants;
  return tenants.length === 0 || tenants.includes(req.tenant);
}

/**
 * Renders the login page for a request (pre-filled with `login_hint`, naming the client and the tenant, with a
 * button per identity provider of the tenant the client may use); after a failed attempt with the message and the
 * name that was typed.
 */
export function showLogin(ctx: BrowserContext, request: FastifyRequest, reply: FastifyReply, req: AuthorizeRequest, locale: UiLocale, failedAs?: string): FastifyReply {
  const csrf = ctx.sessions.csrfToken(request, reply);
  const tenant = req.requestedTenant === undefined ? undefined : ctx.auth.tenants.tenant(req.requestedTenant);
  const providers = providersFor(ctx.auth, req.tenant, req.client);
  return sendPage(reply, loginPage({ csrf, action: LOGIN_PATH, locale }, {
    providers: providers.map((p) => ({ name: p.name, label: p.displayName ?? p.name })),
    providerAction: FEDERATION_START_PATH,
    client: req.client.clientName ?? req.client.clientId,
    ...(tenant && { tenant: tenant.displayName ?? tenant.name }),
    ...((failedAs ?? req.loginHint) !== undefined && { loginHint: failedAs ?? req.loginHint }),
    failed: failedAs !== undefined,
    returnTo: authorizeReturn(req),
    // The provider form's answer redirects to the provider: CSP form-action covers redirects after a submission.
    formAction: [...formAction(req), ...providers.map((p) => cspOrigin(p.issuer)).filter((o): o is string => o !== undefined)],
  }));
}

/** The scopes of a request in words, for the consent page: an API scope's `displayNames[locale]`, else its `displayName`. */
export function scopesInWords(auth: AuthServices, scopes: readonly string[], locale: UiLocale): string[] {
  return scopes.map((s) => {
    const api = auth.config.apiScopes.find((a) => a.name === s);
    return scopeText(locale, s, api?.displayNames?.[locale] ?? api?.displayName);
  });
}

/**
 * Continues a valid request for a signed-in user whose session fits it: the consent page when consent is
 * needed (`prompt=consent`, or `requireConsent` without a remembered consent covering the scopes; see the module
 * comment), `consent_required` instead with `prompt=none`, else the code and tokens of the response type.
 * @param consented true when the user has just allowed the request on the consent page
 */
export async function continueAuthorization(
  ctx: BrowserContext,
  request: FastifyRequest,
  reply: FastifyReply,
  req: AuthorizeRequest,
  current: CurrentSession,
  locale: UiLocale,
  consented = false,
): Promise<FastifyReply> {
  const { auth } = ctx;
  if (!consented && (req.client.requireConsent || req.prompt.has('consent'))) {
    const remembered = !req.prompt.has('consent') && (await auth.consents.covers(current.user.subject, req.client.clientId, req.scopes.scopes));
    if (!remembered) {
      if (req.prompt.has('none')) return sendAuthorizeError(reply, req, 'consent_required', 'the user has not consented to this request', auth.issuer, locale);
      const csrf = ctx.sessions.csrfToken(request, reply);
      return sendPage(reply, consentPage({ csrf, action: CONSENT_PATH, locale }, {
        client: req.client.clientName ?? req.client.clientId,
        user: current.user.claims.name ?? current.user.userName,
        scopes: scopesInWords(auth, req.scopes.scopes, locale),
        returnTo: authorizeReturn(req),
        formAction: formAction(req),
      }));
    }
  }
  // A pushed request (RFC 9126) serves one authorization response.
  if (req.pushedRequest !== undefined && !(await consumePushedRequest(auth, req.pushedRequest, req.client.clientId))) {
    return sendAuthorizeError(reply, req, 'invalid_request_uri', 'the pushed authorization request has already been used', auth.issuer, locale);
  }
  const { session, user } = current;
  // One grant family for the code and the tokens of the same response: a replayed code revokes them all.
  const familyId = randomUUID();
  const code = !req.returns.code ? undefined : await createAuthorizationCode(auth, {
    client: req.client, user, scopes: req.scopes, tenant: req.tenant, redirectUri: req.redirectUri,
    authTime: session.authTime, amr: session.amr, familyId,
    ...(req.codeChallenge !== undefined && { codeChallenge: req.codeChallenge, codeChallengeMethod: req.codeChallengeMethod }),
    ...(req.nonce !== undefined && { nonce: req.nonce }),
    ...(session.idp !== undefined && { idp: session.idp }),
  });
  const tokens = !req.returns.idToken && !req.returns.token ? {} : await issueFrontChannelTokens(auth, auth.issuer, {
    client: req.client, user, scopes: req.scopes, tenant: req.tenant, token: req.returns.token, idToken: req.returns.idToken,
    authTime: session.authTime, amr: session.amr, familyId,
    ...(code !== undefined && { code }),
    ...(req.nonce !== undefined && { nonce: req.nonce }),
    ...(session.idp !== undefined && { idp: session.idp }),
  });
  const scope = req.scopes.scopes.join(' ');
  return sendAuthorizeResponse(reply, req, { ...(code !== undefined && { code }), ...tokens, ...(req.returns.token && { scope }) }, auth.issuer, locale);
}
