/**
 * `POST /connect/introspect` (RFC 7662; IdentityServer4 introspection endpoint (https://identityserver4.readthedocs.io/en/latest/endpoints/introspection.html); Duende's introspection endpoint).
 *
 * Who may call (RFC 7662 §2.1 "the endpoint MUST require some form of authorization"):
 * - an API resource with `Authorization: Basic <name>:<secret>` (its `auth.apiResources[].secrets`), the usual
 *   caller. It sees an access token as active only when the token's `aud` names it (a token for another API is
 *   `active: false`), and never sees refresh tokens;
 * - a confidential client (Basic or `client_secret` in the body, as at the token endpoint). It sees only tokens
 *   issued to itself: its access tokens and its refresh tokens ("Refresh tokens can only be introspected by the
 *   client that requested them", Duende). Public clients cannot introspect.
 * A Basic user name that names an API resource is always taken as that resource.
 *
 * Responses (`Cache-Control: no-store`, JSON):
 * - 401 `invalid_client` with `WWW-Authenticate: Basic realm="<issuer>"` when credentials are missing or wrong
 *   (checked before the body, so an unauthenticated caller learns nothing about its request);
 * - 400 `invalid_request` when the body is not form-encoded, `token` is missing, or a parameter repeats;
 * - 200 `{"active": false}` for unknown, malformed, expired, revoked, rotated (consumed) or not-visible tokens
 *   (§2.2, no further detail);
 * - 200 `{"active": true, ...}` with `iss`, `sub`, `client_id`, `scope`, `exp`, `iat`, `aud`, `jti`, `tenant`
 *   (and `auth_time`, `idp` when known, and `cnf.jkt` of a DPoP-bound token, RFC 9449 §6.2) and `token_type` `access_token` or `refresh_token` (Duende's values; the
 *   kind of token, not an RFC 6749 §7.1 access token type).
 * `token_type_hint` (§2.1) only orders the search; an unknown hint is ignored and every kind is searched.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateClient, parseBasic } from '../../core/auth/client-auth.js';
import { secretMatches } from '../../core/auth/clients.js';
import { OAuthError, invalidRequest } from '../../core/auth/oauth-error.js';
import type { AuthServices } from '../../core/auth/services.js';
import type { AccessTokenInfo } from '../../core/auth/token-service.js';
import { CONNECT_PATHS } from './discovery.js';
import { Form, formEndpoint } from './form.js';
import { noStore } from './reply.js';

/** Who is introspecting. */
export type IntrospectionCaller = { kind: 'resource'; name: string } | { kind: 'client'; clientId: string };

/** The RFC 7662 §2.2 response. */
export type IntrospectionResponse = { active: false } | ({ active: true; token_type: 'access_token' | 'refresh_token' } & Record<string, unknown>);

const INACTIVE: IntrospectionResponse = Object.freeze({ active: false }) as IntrospectionResponse;

const unauthorized = (realm: string, description: string) =>
  new OAuthError('invalid_client', description, 401, { 'WWW-Authenticate': `Basic realm="${realm}"` });

/**
 * Authenticates the caller: an API resource by Basic, else a confidential client.
 * @param form the parsed body, undefined when it could not be parsed (then only Basic counts)
 * @throws OAuthError invalid_client (401, Basic challenge) for missing or wrong credentials or a public client;
 *   invalid_request (400) for two client authentication methods or a repeated credential parameter
 */
export function authenticateIntrospectionCaller(auth: AuthServices, authorization: string | undefined, form: Form | undefined, realm: string): IntrospectionCaller {
  let basic;
  try {
    basic = parseBasic(authorization);
  } catch {
    throw unauthorized(realm, 'malformed Basic credentials');
  }
  const resource = basic && auth.clients.apiResource(basic.id);
  if (basic && resource) {
    if (!secretMatches(resource.secrets, basic.secret)) throw unauthorized(realm, 'API resource authentication failed');
    return { kind: 'resource', name: resource.name };
  }
  let client;
  try {
    ({ client } = authenticateClient(authorization, { client_id: form?.get('client_id'), client_secret: form?.get('client_secret') }, (id) => auth.clients.client(id), realm));
  } catch (err) {
    if (err instanceof OAuthError && err.error === 'invalid_client') throw unauthorized(realm, 'authentication as an API resource or a confidential client is required');
    throw err;
  }
  if (client.secrets.length === 0) throw unauthorized(realm, 'public clients cannot use the introspection endpoint');
  return { kind: 'client', clientId: client.clientId };
}

function accessTokenResponse(info: AccessTokenInfo): IntrospectionResponse {
  const { sub, client_id, scope, iss, aud, exp, iat, jti, tenant, auth_time, idp, cnf } = info;
  return {
    active: true, token_type: 'access_token', iss, sub, client_id, scope, exp, iat, aud,
    ...(jti !== undefined && { jti }), ...(tenant !== undefined && { tenant }),
    ...(auth_time !== undefined && { auth_time }), ...(idp !== undefined && { idp }),
    // RFC 9449 §6.2: the key a DPoP-bound token is bound to.
    ...(cnf !== undefined && { cnf }),
  };
}

/**
 * What `caller` may learn about `token` (RFC 7662 §2.2).
 * @param hint `token_type_hint`: `refresh_token` searches refresh tokens first; anything else access tokens first
 */
export async function introspect(auth: AuthServices, caller: IntrospectionCaller, token: string, issuers: readonly string[], hint?: string): Promise<IntrospectionResponse> {
  const access = async (): Promise<IntrospectionResponse | undefined> => {
    const info = await auth.tokens.validateAccessToken(token, issuers);
    if (!info) return undefined;
    const audiences = Array.isArray(info.aud) ? info.aud : [info.aud];
    const visible = caller.kind === 'resource' ? audiences.includes(caller.name) : info.client_id === caller.clientId;
    return visible ? accessTokenResponse(info) : INACTIVE;
  };
  const refresh = async (): Promise<IntrospectionResponse | undefined> => {
    if (caller.kind !== 'client') return undefined;
    const grant = await auth.store.find('refresh_token', token);
    if (!grant || grant.consumedAt !== undefined || grant.expiresAt <= auth.now()) return undefined;
    if (grant.clientId !== caller.clientId) return INACTIVE;
    return {
      active: true, token_type: 'refresh_token', iss: issuers[0], client_id: grant.clientId, scope: grant.scopes.join(' '),
      exp: grant.expiresAt, iat: grant.createdAt,
      ...(grant.subject !== undefined && { sub: grant.subject }), ...(grant.tenant !== undefined && { tenant: grant.tenant }),
    };
  };
  const order = hint === 'refresh_token' ? [refresh, access] : [access, refresh];
  for (const lookup of order) {
    const found = await lookup();
    if (found) return found;
  }
  return INACTIVE;
}

function parseForm(request: FastifyRequest): { form?: Form; error?: unknown } {
  try {
    return { form: Form.of(request) };
  } catch (error) {
    return { error };
  }
}

/** Registers `POST /connect/introspect` (see the module comment for callers, answers and errors). */
export function registerIntrospectionEndpoint(app: FastifyInstance, auth: AuthServices): void {
  const summary = 'Token introspection (RFC 7662): API resources authenticate with Basic';
  formEndpoint(app, CONNECT_PATHS.introspection, summary, async (request, reply) => {
    const { form, error } = parseForm(request);
    const caller = authenticateIntrospectionCaller(auth, request.headers.authorization, form, auth.issuer);
    if (!form) throw error;
    const token = form.get('token');
    if (!token) throw invalidRequest('token is required');
    const result = await introspect(auth, caller, token, [auth.issuer], form.get('token_type_hint'));
    return noStore(reply).type('application/json').send(result);
  });
}
