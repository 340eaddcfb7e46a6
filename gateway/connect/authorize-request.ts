/**
 * Validation of an authorization request (RFC 6749 §4.1.1, §4.1.2.1; OpenID Connect Core 1.0 §3.1.2.1–3.1.2.2;
 * PKCE RFC 7636 §4.3; OAuth 2.0 Multiple Response Type Encoding Practices §2.1 and Form Post Response Mode §2).
 * Response types with tokens (implicit, hybrid: OIDC Core §3.2, §3.3) need the client's `implicit` grant type,
 * a `nonce` with `id_token`, and never travel in the query.
 *
 * Order, so that nothing is ever sent to an unverified URI (RFC 6749 §4.1.2.1, RFC 9700 §4.1 "open redirector"):
 * 1. `client_id` must name a known client and `redirect_uri` must be byte-equal to one of its registered URIs,
 *    or differ from a registered loopback IP literal URI only in the port (RFC 8252 §7.3; `redirectUriRegistered`
 *    of core/auth/clients.ts), both present, neither repeated; otherwise the answer is a *local* error page
 *    ({@link FatalAuthorizeError});
 * 2. every later problem goes to that redirect URI as `error`, `error_description`, `state` (and `iss`) in the
 *    response mode in effect ({@link RedirectAuthorizeError}).
 *
 * A request object (`request`, `request_uri`; OIDC Core §6, RFC 9101) or a pushed request (`request_uri`
 * `urn:ietf:params:oauth:request_uri:…`, RFC 9126) is resolved first (`./request-object.ts`, `./par.ts`); the
 * resulting parameters go through the same checks, so a `redirect_uri` inside the object must be registered too.
 * When the object or reference cannot be used, its error (`invalid_request_object`, `invalid_request_uri`) goes
 * to the query's `redirect_uri` if that one is registered, else to the local error page. A client with
 * `requirePushedAuthorizationRequests` gets `invalid_request` without a pushed request (RFC 9126 §5).
 */
import type { ClientConfig } from '../../core/auth/config.js';
import { AUTHORIZATION_CODE, checkPkceRequest, type CodeChallengeMethod } from '../../core/auth/authorization-codes.js';
import { redirectUriRegistered } from '../../core/auth/clients.js';
import { OAuthError } from '../../core/auth/oauth-error.js';
import type { GrantedScopes } from '../../core/auth/resources.js';
import type { AuthServices } from '../../core/auth/services.js';
import { IMPLICIT_GRANT } from '../../core/auth/implicit.js';
import { parseAcrValues } from '../../core/auth/tenants.js';
import { identityProviderRefusal } from './federation/providers.js';
import { PAR_URN_PREFIX, pushedRequest } from './par.js';
import { fetchRequestUri, RequestObjectError, requestObjectParams } from './request-object.js';

/**
 * `response_type` values served (discovery `response_types_supported`; OIDC Core §3 and the seed's list); the
 * order of the words does not matter (OAuth 2.0 Multiple Response Type Encoding Practices §5).
 */
export const RESPONSE_TYPES_SUPPORTED = ['code', 'id_token', 'id_token token', 'code id_token', 'code id_token token', 'token'] as const;
const WORD_ORDER = ['code', 'id_token', 'token'];
/** `response_mode` values served (discovery `response_modes_supported`). */
export const RESPONSE_MODES_SUPPORTED = ['query', 'fragment', 'form_post'] as const;
export type ResponseMode = (typeof RESPONSE_MODES_SUPPORTED)[number];
/** `prompt` values served (OIDC Core §3.1.2.1). */
export const PROMPTS_SUPPORTED = ['none', 'login', 'consent'] as const;

/** Where and how the answer goes: the validated redirect URI, the response mode and the request's `state`. */
export interface AuthorizeTarget {
  redirectUri: string;
  responseMode: ResponseMode;
  state?: string;
}

/** A valid authorization request. */
export interface AuthorizeRequest extends AuthorizeTarget {
  client: ClientConfig;
  /** The normalised `response_type` (words in the order `code id_token token`). */
  responseType: string;
  /** Which of `code`, `id_token`, `token` the response carries. */
  returns: { code: boolean; idToken: boolean; token: boolean };
  scopes: GrantedScopes;
  nonce?: string;
  prompt: ReadonlySet<string>;
  /** Seconds (OIDC Core §3.1.2.1 `max_age`). */
  maxAge?: number;
  loginHint?: string;
  uiLocales?: string;
  codeChallenge?: string;
  codeChallengeMethod?: CodeChallengeMethod;
  /** The tenant the tokens are issued for. */
  tenant: string;
  /** The tenant named by `acr_values=tenant:<name>`, when one was. */
  requestedTenant?: string;
  /** The identity provider named by `acr_values=idp:<name>` (configured for the tenant, allowed for the client). */
  idp?: string;
  /** The request's parameters as received (to return to the authorize endpoint after sign-in or consent). */
  params: URLSearchParams;
  /** The grant store handle of the pushed request (RFC 9126) this request came from; consumed on the response. */
  pushedRequest?: string;
}

/** A problem with `client_id` or `redirect_uri`: shown on a local error page, never redirected. */
export interface FatalAuthorizeError {
  kind: 'fatal';
  description: string;
}

/** An error answered to the client's redirect URI (RFC 6749 §4.1.2.1, OIDC Core §3.1.2.6). */
export interface RedirectAuthorizeError {
  kind: 'redirect';
  target: AuthorizeTarget;
  error: string;
  description: string;
}

export type AuthorizeValidation = { kind: 'ok'; request: AuthorizeRequest } | FatalAuthorizeError | RedirectAuthorizeError;

/** Parameters of the authorization request read here; any other parameter is ignored (RFC 6749 §3.1). */
const SINGLE = ['client_id', 'redirect_uri', 'response_type', 'response_mode', 'scope', 'state', 'nonce', 'prompt', 'max_age', 'login_hint', 'ui_locales', 'code_challenge', 'code_challenge_method', 'acr_values', 'request', 'request_uri', 'registration', 'id_token_hint', 'display', 'claims'];

/** The single value of a parameter, undefined when absent or empty; `'repeated'` when it occurs more than once. */
function single(params: URLSearchParams, name: string): string | undefined | typeof REPEATED {
  const all = params.getAll(name);
  if (all.length > 1) return REPEATED;
  return all[0] === '' ? undefined : all[0];
}
const REPEATED = Symbol('repeated');

/**
 * Validates the parameters of `GET` (query) or `POST` (form body) `/connect/authorize`, resolving a request
 * object or a pushed request first.
 * @param options.pushed the parameters are being pushed to `/connect/par` (no `request_uri`, no PAR requirement)
 */
export async function validateAuthorizeRequest(params: URLSearchParams, auth: AuthServices, options: { pushed?: boolean } = {}): Promise<AuthorizeValidation> {
  const clientId = params.getAll('client_id');
  const client = clientId.length === 1 ? auth.clients.client(clientId[0]) : undefined;
  if (!client) return checkParams(params, auth);
  let effective: { params: URLSearchParams; pushedRequest?: string };
  try {
    effective = await resolveParams(params, client, auth, options.pushed === true);
  } catch (err) {
    if (!(err instanceof RequestObjectError)) throw err;
    // The error goes where a request without the object would have gone, when that is a registered redirect URI.
    const plain = new URLSearchParams(params);
    plain.delete('request');
    plain.delete('request_uri');
    const v = checkParams(plain, auth);
    if (v.kind === 'fatal') return { kind: 'fatal', description: err.description };
    const target = v.kind === 'redirect' ? v.target : { redirectUri: v.request.redirectUri, responseMode: v.request.responseMode, ...(v.request.state !== undefined && { state: v.request.state }) };
    return { kind: 'redirect', target, error: err.error, description: err.description };
  }
  const v = checkParams(effective.params, auth);
  if (v.kind !== 'ok') return v;
  return { kind: 'ok', request: { ...v.request, params, ...(effective.pushedRequest !== undefined && { pushedRequest: effective.pushedRequest }) } };
}

/**
 * The effective parameters: the query's, or those of the pushed request, or the query's overridden by a request
 * object's claims. @throws RequestObjectError
 */
async function resolveParams(params: URLSearchParams, client: ClientConfig, auth: AuthServices, pushed: boolean): Promise<{ params: URLSearchParams; pushedRequest?: string }> {
  const requests = params.getAll('request');
  const uris = params.getAll('request_uri');
  if (requests.length > 1 || uris.length > 1) throw new RequestObjectError('invalid_request', `parameter ${requests.length > 1 ? 'request' : 'request_uri'} is repeated`);
  const [request] = requests;
  const [uri] = uris;
  if (request !== undefined && uri !== undefined) throw new RequestObjectError('invalid_request', 'request and request_uri may not be used together (OIDC Core §6.1)');
  if (uri !== undefined && uri.startsWith(PAR_URN_PREFIX)) {
    const found = await pushedRequest(auth, uri, client.clientId);
    if (!found) throw new RequestObjectError('invalid_request_uri', 'the pushed authorization request is unknown, expired, already used or not this client\'s');
    const inner = found.params.get('request');
    const resolved = inner === null ? found.params : await requestObjectParams(inner, found.params, client, auth.issuer, auth.now());
    return { params: resolved, pushedRequest: found.handle };
  }
  if (client.requirePushedAuthorizationRequests && !pushed) {
    throw new RequestObjectError('invalid_request', `client ${client.clientId} must push its authorization requests to /connect/par (RFC 9126 §5)`);
  }
  if (uri !== undefined) return { params: await requestObjectParams(await fetchRequestUri(uri, client), params, client, auth.issuer, auth.now()) };
  if (request !== undefined) return { params: await requestObjectParams(request, params, client, auth.issuer, auth.now()) };
  return { params };
}

/** The checks of the (effective) parameters. */
function checkParams(params: URLSearchParams, auth: AuthServices): AuthorizeValidation {
  const clientId = single(params, 'client_id');
  if (clientId === REPEATED) return { kind: 'fatal', description: 'client_id is repeated' };
  if (clientId === undefined) return { kind: 'fatal', description: 'client_id is missing' };
  const client = auth.clients.client(clientId);
  if (!client) return { kind: 'fatal', description: 'the client is unknown' };
  const redirectUri = single(params, 'redirect_uri');
  if (redirectUri === REPEATED) return { kind: 'fatal', description: 'redirect_uri is repeated' };
  if (redirectUri === undefined) return { kind: 'fatal', description: 'redirect_uri is missing' };
  if (!redirectUriRegistered(client, redirectUri)) return { kind: 'fatal', description: 'redirect_uri is not registered for this client' };

  const values: Record<string, string | undefined> = {};
  let repeated: string | undefined;
  for (const name of SINGLE) {
    const v = single(params, name);
    if (v === REPEATED) repeated ??= name;
    else values[name] = v;
  }
  const state = values.state;
  const words = (values.response_type ?? '').split(' ').filter(Boolean);
  const responseType = values.response_type === undefined ? undefined : [...new Set(words)].sort((a, b) => WORD_ORDER.indexOf(a) - WORD_ORDER.indexOf(b)).join(' ');
  const responseTypeKnown = responseType !== undefined && words.every((w) => WORD_ORDER.includes(w)) && (RESPONSE_TYPES_SUPPORTED as readonly string[]).includes(responseType);
  const returns = { code: words.includes('code'), idToken: words.includes('id_token'), token: words.includes('token') };
  const frontChannelTokens = returns.idToken || returns.token;
  // The response mode in effect: a valid requested one (never query for tokens, Multiple Response Type Encoding
  // Practices §5), else the default of the response type: query for code, fragment for anything with tokens.
  const requestedMode = values.response_mode;
  const modeValid = requestedMode === undefined || ((RESPONSE_MODES_SUPPORTED as readonly string[]).includes(requestedMode) && !(requestedMode === 'query' && frontChannelTokens));
  const responseMode: ResponseMode = requestedMode !== undefined && modeValid ? (requestedMode as ResponseMode) : frontChannelTokens ? 'fragment' : 'query';
  const target: AuthorizeTarget = { redirectUri, responseMode, ...(state !== undefined && { state }) };
  const fail = (error: string, description: string): RedirectAuthorizeError => ({ kind: 'redirect', target, error, description });

  if (repeated) return fail('invalid_request', `parameter ${repeated} is repeated`);
  if (responseType === undefined) return fail('invalid_request', 'response_type is missing');
  if (!responseTypeKnown) return fail('unsupported_response_type', `response_type ${values.response_type} is not supported (${RESPONSE_TYPES_SUPPORTED.join(', ')})`);
  if (!modeValid) {
    return fail('invalid_request', requestedMode === 'query' ? `response_mode query may not carry tokens (response_type ${responseType})` : `response_mode ${requestedMode} is not supported (${RESPONSE_MODES_SUPPORTED.join(', ')})`);
  }
  if ((returns.code && !client.allowedGrantTypes.includes(AUTHORIZATION_CODE)) || (frontChannelTokens && !client.allowedGrantTypes.includes(IMPLICIT_GRANT))) {
    return fail('unauthorized_client', `client ${client.clientId} may not use response_type ${responseType}`);
  }
  if (values.registration !== undefined) return fail('registration_not_supported', 'the registration parameter is not supported');
  if (values.scope === undefined) return fail('invalid_request', 'scope is missing');

  const prompt = new Set((values.prompt ?? '').split(' ').filter(Boolean));
  const unknownPrompt = [...prompt].find((p) => !(PROMPTS_SUPPORTED as readonly string[]).includes(p));
  if (unknownPrompt !== undefined) return fail('invalid_request', `prompt ${unknownPrompt} is not supported (${PROMPTS_SUPPORTED.join(', ')})`);
  if (prompt.has('none') && prompt.size > 1) return fail('invalid_request', 'prompt none may not be combined with other values (OIDC Core §3.1.2.1)');
  let maxAge: number | undefined;
  if (values.max_age !== undefined) {
    if (!/^\d{1,9}$/.test(values.max_age)) return fail('invalid_request', 'max_age must be a non-negative integer number of seconds');
    maxAge = Number(values.max_age);
  }
  if (returns.idToken && values.nonce === undefined) return fail('invalid_request', 'nonce is required when an id token is returned from the authorization endpoint (OIDC Core §3.2.2.1)');
  const acr = parseAcrValues(values.acr_values);
  try {
    const scopes = auth.resources.resolve(values.scope, client);
    if (returns.idToken && !scopes.identityScopes.includes('openid')) return fail('invalid_scope', `response_type ${responseType} needs the openid scope`);
    // The seed's rules: `id_token` alone carries only identity scopes, `token` alone only resource scopes.
    if (responseType === 'id_token' && (scopes.apiScopes.length > 0 || scopes.offlineAccess)) return fail('invalid_scope', 'response_type id_token allows identity scopes only');
    if (responseType === 'token' && scopes.identityScopes.length > 0) return fail('invalid_scope', 'response_type token allows resource scopes only');
    const codeChallengeMethod = returns.code ? checkPkceRequest(client, values.code_challenge, values.code_challenge_method) : undefined;
    const tenant = auth.tenants.select(acr.tenant, client).name;
    const idpRefusal = acr.idp === undefined ? undefined : identityProviderRefusal(auth, tenant, client, acr.idp);
    if (idpRefusal !== undefined) return fail('invalid_request', idpRefusal);
    return {
      kind: 'ok',
      request: {
        ...target, client, responseType, returns, scopes, prompt, tenant, params,
        ...(values.nonce !== undefined && { nonce: values.nonce }),
        ...(maxAge !== undefined && { maxAge }),
        ...(values.login_hint !== undefined && { loginHint: values.login_hint }),
        ...(values.ui_locales !== undefined && { uiLocales: values.ui_locales }),
        ...(codeChallengeMethod !== undefined && { codeChallenge: values.code_challenge!, codeChallengeMethod }),
        ...(acr.tenant !== undefined && { requestedTenant: acr.tenant }),
        ...(acr.idp !== undefined && { idp: acr.idp }),
      },
    };
  } catch (err) {
    if (err instanceof OAuthError) return fail(err.error, err.description ?? err.error);
    throw err;
  }
}
