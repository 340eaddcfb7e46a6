/**
 * Sign-in through an upstream identity provider (federation) on the browser side of `/connect`:
 *
 * - {@link beginFederation}: `acr_values=idp:<name>` on the authorization endpoint (Duende IdentityServer:
 *   "bypasses the login/home realm screen and forwards the user directly to the selected identity provider")
 *   or a provider button of the login page (`POST /connect/idp/start`: `csrf`, `idp`, `return`, `ui_locales`) —
 *   that of an authorization request, or that of the device flow's verification page (`return` = the verification
 *   path with `user_code`: the device request must be pending and its client allowed the provider) — sends the
 *   browser to the provider (303) with PKCE, `state` and `nonce` (`./upstream.ts`); the flow is
 *   remembered under its `state` (`core/auth/federation-flows.ts`) and bound to the browser by a signed cookie
 *   `ava.fed` whose hash the flow holds, so a callback URL carried to another browser does nothing (RFC 6749
 *   §10.12, login CSRF).
 * - `GET /connect/idp/<name>/callback` (the redirect URI to register upstream): takes the flow of `state` (once),
 *   checks the cookie, completes the sign-in upstream, finds or creates the local user (`./provision.ts`), starts
 *   a login session with `idp: <name>` and `amr: ['fed']` and continues the original authorization request, or
 *   redirects (303) to the verification page, which then asks the signed-in user to allow the device.
 *
 * Errors: an unknown or expired `state`, a missing or foreign binding cookie, or a request that is no longer
 * valid → a local error page (400; nothing is redirected). Once the authorization request is known again, the
 * provider's own error (the user cancelled) and a refused account → `access_denied`, a provider that cannot be
 * reached → `temporarily_unavailable`, to the client's redirect URI (RFC 6749 §4.1.2.1), with `state` and `iss`;
 * for the device page (which has no redirect URI) as a local error page (403, 503).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as o from 'oauth4webapi';
import type { IdentityProviderConfig } from '../../../core/auth/config.js';
import { describeDeviceRequest } from '../../../core/auth/device-authorizations.js';
import { validateAuthorizeRequest, type AuthorizeRequest } from '../authorize-request.js';
import { sendAuthorizeError } from '../authorize-response.js';
import { CSRF_FIELD } from '../browser-session.js';
import { AUTHORIZE_PATH, continueAuthorization, localeOf, type BrowserContext } from '../interaction.js';
import { sendPage } from '../pages/html.js';
import { pickLocale, text, type UiLocale } from '../pages/texts.js';
import { errorPage } from '../pages/views.js';
import { pageRoute } from '../page-route.js';
import { FEDERATION_START_PATH, callbackPath, identityProvider, identityProviderRefusal } from './providers.js';
import { provisionFederatedUser } from './provision.js';
import { UpstreamError, type UpstreamProviders } from './upstream.js';

/** The cookie binding a federation flow to the browser that started it. */
export const FEDERATION_COOKIE = 'ava.fed';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

/** The authorization request a flow returns to, parsed again (it is validated anew: configuration may have changed). */
const returnParams = (returnTo: string) => (returnTo.startsWith(AUTHORIZE_PATH + '?') ? new URLSearchParams(returnTo.slice(AUTHORIZE_PATH.length + 1)) : undefined);

export interface FederationContext extends BrowserContext {
  upstream: UpstreamProviders;
}

/**
 * What a federated sign-in returns to: an authorization request (continued after the callback) or the device flow's
 * verification page (shown again, now signed in: RFC 8628 §3.3 lets the user "authenticate … and review the
 * authorization request" there).
 */
interface FederationTarget {
  tenant: string;
  /** The path the flow returns to: `AUTHORIZE_PATH?…` or the verification path with `user_code`. */
  returnTo: string;
  loginHint?: string;
  promptLogin: boolean;
  /** The answer when the provider cannot be reached. */
  unavailable(): FastifyReply | Promise<FastifyReply>;
}

/**
 * Sends the browser to the provider for a valid authorization request (the caller has checked that the client
 * may use it: `identityProviderRefusal`).
 */
export function beginFederation(ctx: FederationContext, request: FastifyRequest, reply: FastifyReply, req: AuthorizeRequest, provider: IdentityProviderConfig, locale: UiLocale): Promise<FastifyReply> {
  return startFederation(ctx, request, reply, provider, locale, {
    tenant: req.tenant, returnTo: `${AUTHORIZE_PATH}?${req.params.toString()}`, loginHint: req.loginHint, promptLogin: req.prompt.has('login'),
    unavailable: () => sendAuthorizeError(reply, req, 'temporarily_unavailable', `identity provider ${provider.name} cannot be reached`, ctx.auth.issuer, locale),
  });
}

/** Sends the browser to the provider with PKCE, `state` and `nonce`, remembering the flow (see the module comment). */
async function startFederation(ctx: FederationContext, request: FastifyRequest, reply: FastifyReply, provider: IdentityProviderConfig, locale: UiLocale, target: FederationTarget): Promise<FastifyReply> {
  const { auth } = ctx;
  const state = o.generateRandomState();
  const nonce = o.generateRandomNonce();
  const codeVerifier = o.generateRandomCodeVerifier();
  let url: URL;
  try {
    url = await ctx.upstream.authorizationUrl(provider, auth.issuer + callbackPath(provider.name), { state, nonce, codeChallenge: await o.calculatePKCECodeChallenge(codeVerifier) }, {
      ui_locales: locale,
      ...(target.loginHint !== undefined && { login_hint: target.loginHint }),
      ...(target.promptLogin && { prompt: 'login' }),
    });
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    request.log.warn({ err, provider: provider.name }, 'identity provider unavailable');
    return target.unavailable();
  }
  const binding = randomBytes(32).toString('base64url');
  await auth.federationFlows.save(state, {
    tenant: target.tenant, provider: provider.name, codeVerifier, nonce, bindingHash: sha256(binding), returnTo: target.returnTo, locale,
  });
  reply.setCookie(FEDERATION_COOKIE, binding, { path: '/connect/idp/', httpOnly: true, sameSite: 'lax', secure: auth.issuer.startsWith('https:'), signed: true, maxAge: 600 });
  return reply.code(303).header('location', url.href).send();
}

/** The user code of a return path to the device verification page, undefined for any other path. */
function deviceUserCode(ctx: FederationContext, returnTo: string): string | undefined {
  const path = ctx.auth.config.deviceFlow.verificationPath;
  if (!returnTo.startsWith(path + '?')) return undefined;
  return new URLSearchParams(returnTo.slice(path.length + 1)).get('user_code')?.trim() || undefined;
}

/**
 * A provider button of the device verification page's sign-in: the device request must still be pending and its
 * client allowed to use the provider; the flow returns to the verification page.
 */
async function startDeviceFederation(ctx: FederationContext, request: FastifyRequest, reply: FastifyReply, userCode: string, name: string, locale: UiLocale): Promise<FastifyReply> {
  const { auth } = ctx;
  const pending = await describeDeviceRequest(auth, userCode);
  if (!pending) return sendPage(reply, errorPage(locale, text(locale, 'deviceUnknown')));
  const tenant = pending.tenant ?? auth.tenants.defaultTenant;
  const refusal = identityProviderRefusal(auth, tenant, pending.client, name);
  if (refusal) return sendPage(reply, errorPage(locale, refusal));
  const returnTo = `${auth.config.deviceFlow.verificationPath}?${new URLSearchParams({ user_code: userCode, ui_locales: locale })}`;
  return startFederation(ctx, request, reply, identityProvider(auth, tenant, name)!, locale, {
    tenant, returnTo, promptLogin: false,
    unavailable: () => sendPage(reply, errorPage(locale, `identity provider ${name} cannot be reached; please try again later`, 503)),
  });
}

export function registerFederationRoutes(app: FastifyInstance, ctx: FederationContext): void {
  const { auth } = ctx;

  app.post(FEDERATION_START_PATH, { schema: { hide: true } }, pageRoute(async (request, reply, form) => {
    const locale = localeOf(request, form.get('ui_locales'));
    if (!ctx.sessions.csrfValid(request, form.get(CSRF_FIELD) ?? undefined)) return sendPage(reply, errorPage(locale, text(locale, 'csrfFailed'), 403));
    const name = form.get('idp') ?? '';
    const userCode = deviceUserCode(ctx, form.get('return') ?? '');
    if (userCode !== undefined) return startDeviceFederation(ctx, request, reply, userCode, name, locale);
    const params = returnParams(form.get('return') ?? '');
    const v = params && (await validateAuthorizeRequest(params, auth));
    if (!v || v.kind !== 'ok') return sendPage(reply, errorPage(locale, 'the sign-in has no valid authorization request to continue'));
    const refusal = identityProviderRefusal(auth, v.request.tenant, v.request.client, name);
    if (refusal) return sendPage(reply, errorPage(locale, refusal));
    return beginFederation(ctx, request, reply, v.request, identityProvider(auth, v.request.tenant, name)!, locale);
  }));

  app.get('/connect/idp/:name/callback', { schema: { hide: true } }, pageRoute(async (request, reply, params) => {
    const name = (request.params as { name: string }).name;
    const fallback = pickLocale(undefined, request.headers['accept-language']);
    const state = params.get('state');
    const flow = state ? await auth.federationFlows.take(state) : undefined;
    if (!flow || flow.provider !== name) return sendPage(reply, errorPage(fallback, 'the sign-in at the identity provider is unknown or has expired; please start again'));
    const locale = pickLocale(flow.locale, undefined);
    const raw = request.cookies[FEDERATION_COOKIE];
    const binding = raw ? request.unsignCookie(raw) : undefined;
    reply.clearCookie(FEDERATION_COOKIE, { path: '/connect/idp/' });
    if (!binding?.valid || !binding.value || sha256(binding.value) !== flow.bindingHash) {
      return sendPage(reply, errorPage(locale, 'the sign-in at the identity provider was started in another browser'));
    }
    const provider = identityProvider(auth, flow.tenant, name);
    if (!provider) return sendPage(reply, errorPage(locale, `identity provider ${name} is no longer configured`));
    // back to the device verification page: errors are shown here, the signed-in user continues there
    const device = deviceUserCode(ctx, flow.returnTo) !== undefined;
    let req: AuthorizeRequest | undefined;
    if (!device) {
      const original = returnParams(flow.returnTo);
      const v = original && (await validateAuthorizeRequest(original, auth));
      if (!v || v.kind !== 'ok') return sendPage(reply, errorPage(locale, 'the authorization request is no longer valid'));
      req = v.request;
      if (req.tenant !== flow.tenant) return sendPage(reply, errorPage(locale, `identity provider ${name} is no longer configured`));
    }
    const fail = (error: string, description: string) => (req !== undefined
      ? sendAuthorizeError(reply, req, error, description, auth.issuer, locale)
      : sendPage(reply, errorPage(locale, description, error === 'temporarily_unavailable' ? 503 : 403)));
    let upstream;
    try {
      const url = new URL(auth.issuer + request.url);
      upstream = await ctx.upstream.complete(provider, url, auth.issuer + callbackPath(name), { state: state!, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      request.log.warn({ err, provider: name }, 'sign-in at identity provider failed');
      if (err.kind === 'unreachable') return fail('temporarily_unavailable', `identity provider ${name} cannot be reached`);
      return fail('access_denied', `sign-in at identity provider ${name} failed: ${err.message}`);
    }
    const result = await provisionFederatedUser(auth, provider, flow.tenant, upstream);
    if ('refused' in result) return fail('access_denied', result.refused);
    if (result.created) request.log.info({ provider: name, subject: result.user.subject }, 'user created on first sign-in through an identity provider');
    const current = await ctx.sessions.signIn(request, reply, result.user, { amr: ['fed'], tenant: flow.tenant, idp: name, upstreamIdToken: upstream.idToken });
    if (req === undefined) return reply.code(303).header('location', flow.returnTo).send();
    return continueAuthorization(ctx, request, reply, req, current, locale);
  }));
}
