/**
 * Bearer tokens at the resource side (RFC 6750): reading `Authorization: Bearer <token>` (§2.1), the
 * `WWW-Authenticate` challenges (§3) used by userinfo and the conversion routes, and the guard in front of the
 * conversion routes.
 *
 * The conversion guard (AVACloud 1.27 API (https://avacloud-api.dangl-it.com/swagger), security scheme `Dangl.Identity`; AVACloud 1.27.4 API (Dangl-IT/avacloud-client-python): existing clients send
 * `Authorization: Bearer <token>` from a client_credentials grant with scope `avacloud`):
 * - runs as the route's `onRequest` hook, i.e. before the body is read, so an unauthenticated upload is refused
 *   without parsing up to `limits.uploadBytes` of it;
 * - no token → 401, `WWW-Authenticate: Bearer realm="<issuer>"` (no error code, RFC 6750 §3.1);
 *   unknown, expired, revoked, badly signed, `alg: none` or foreign-issuer token → 401 `error="invalid_token"`;
 *   a DPoP-bound token (RFC 9449) needs `Authorization: DPoP` and a valid `DPoP` proof (`./dpop.ts`): as Bearer,
 *   or with a bad proof, it is refused with a `DPoP` challenge;
 *   a valid token without the tenant's `conversionScope`, or not addressed to an API resource owning that scope
 *   → 403 `error="insufficient_scope"` with `scope="<conversionScope>"`. Bodies are problem+json with `errors`
 *   like every other gateway error;
 * - the tenant comes from the token's `tenant` claim (default tenant when absent); when the tenant lists
 *   `enabledFormats`, a route whose source or target is not among them answers 403;
 * - the tenant is put on the request (`request.conversionTenant`) so the handler applies its `optionDefaults`;
 * - with `auth.requireTokenForConversions: false` no token is read and the default tenant applies.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TenantConfig } from '../../config/auth.js';
import type { AuthServices } from '../../core/auth/services.js';
import type { AccessTokenInfo } from '../../core/auth/token-service.js';
import { sendProblem } from '../problem.js';
import { CONNECT_PATHS } from './discovery.js';
import { checkPresentedToken, dpopChallenge, presentedToken } from './dpop.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant a conversion runs for (set by the conversion guard); null on other routes. */
    conversionTenant: TenantConfig | null;
    /** The validated access token of a conversion request; null when tokens are not required. */
    accessToken: AccessTokenInfo | null;
  }
}

/** RFC 6750 §3 error codes. */
export type BearerError = 'invalid_request' | 'invalid_token' | 'insufficient_scope';

/** Name of the OAuth2 security scheme in the OpenAPI document (the replaced service's scheme name, so generated clients keep working). */
export const SECURITY_SCHEME = 'Dangl.Identity';

/** Characters RFC 6750 §3 allows in quoted `error_description`/`scope` values (%x20-21 / %x23-5B / %x5D-7E). */
const quoted = (value: string) => value.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '?');

/**
 * The `WWW-Authenticate` value of a bearer challenge, e.g. `Bearer realm="https://id.example", error="invalid_token"`.
 * @param realm the issuer identifier
 * @param error absent when the request carried no token (RFC 6750 §3.1: "SHOULD NOT include an error code")
 * @param scope for `insufficient_scope`: the scope that is needed
 */
export function bearerChallenge(realm: string, error?: BearerError, description?: string, scope?: string): string {
  const parts = [`realm="${quoted(realm)}"`];
  if (error) parts.push(`error="${error}"`);
  if (error && description) parts.push(`error_description="${quoted(description)}"`);
  if (scope) parts.push(`scope="${quoted(scope)}"`);
  return `Bearer ${parts.join(', ')}`;
}

/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, RFC 7235 §2.1); undefined when
 * the header is absent or uses another scheme. A present but empty or malformed value comes back as it is and
 * fails validation (`invalid_token`).
 */
export function bearerToken(authorization: string | undefined): string | undefined {
  const m = /^bearer(?:\s+(.*))?$/i.exec(authorization?.trim() ?? '');
  return m ? (m[1] ?? '').trim() : undefined;
}

/** A conversion route as the guard sees it (`ConversionRoute` satisfies it). */
export interface GuardedRoute {
  source: { id: string };
  target: { id: string };
}

export interface ConversionGuard {
  /** The `onRequest` hook of one conversion route. */
  hook(route: GuardedRoute): onRequestAsyncHookHandler;
  /** The OpenAPI `security` requirement of the conversion routes; empty when no token is required. */
  security: Array<Record<string, string[]>>;
}

/** API resources owning a scope: a token for the scope must name one of them in `aud` (RFC 9068 §4). */
function resourcesOf(auth: AuthServices, scope: string): string[] {
  return auth.config.apiResources.filter((r) => r.scopes.includes(scope)).map((r) => r.name);
}

function deny(reply: FastifyReply, status: 401 | 403, challenge: string | undefined, message: string): FastifyReply {
  if (challenge) reply.header('www-authenticate', challenge);
  return sendProblem(reply, status, status === 401 ? 'Unauthorized' : 'Forbidden', { authorization: [message] });
}

function formatsAllowed(tenant: TenantConfig, route: GuardedRoute): string | undefined {
  if (tenant.enabledFormats.length === 0) return undefined;
  const off = [route.source.id, route.target.id].find((f) => !tenant.enabledFormats.includes(f));
  return off && `The format ${off} is not enabled for tenant ${tenant.name}.`;
}

/**
 * Decorates requests with `conversionTenant`/`accessToken` and returns the guard for the conversion routes.
 * Call before the routes are registered.
 */
export function installConversionGuard(app: FastifyInstance, auth: AuthServices): ConversionGuard {
  app.decorateRequest('conversionTenant', null);
  app.decorateRequest('accessToken', null);
  const required = auth.config.requireTokenForConversions;
  const defaultTenant = auth.tenants.tenant(auth.tenants.defaultTenant);
  return {
    security: required ? [{ [SECURITY_SCHEME]: [defaultTenant?.conversionScope ?? 'avacloud'] }] : [],
    hook: (route) => async (request, reply) => {
      if (!required) {
        if (!defaultTenant) return sendProblem(reply, 500, 'Internal server error', { server: ['The default tenant is not configured.'] });
        const off = formatsAllowed(defaultTenant, route);
        if (off) return sendProblem(reply, 403, 'Forbidden', { route: [off] });
        request.conversionTenant = defaultTenant;
        return;
      }
      const realm = auth.issuer;
      const presented = presentedToken(request.headers.authorization);
      if (presented === undefined) {
        return deny(reply, 401, bearerChallenge(realm), 'A bearer access token is required (Authorization: Bearer <token>, from the token endpoint ' + CONNECT_PATHS.token + ').');
      }
      const checked = await checkPresentedToken(auth, request, presented);
      if ('refused' in checked) {
        const { error, description, scheme, nonce } = checked.refused;
        if (nonce !== undefined) reply.header('dpop-nonce', nonce);
        const challenge = scheme === 'dpop' ? dpopChallenge(realm, error, description) : bearerChallenge(realm, error as BearerError, description);
        return deny(reply, 401, challenge, `The access token is refused: ${description}.`);
      }
      const info = checked.info;
      const tenant = auth.tenants.tenant(info.tenant ?? auth.tenants.defaultTenant);
      if (!tenant) return deny(reply, 401, bearerChallenge(realm, 'invalid_token', 'the token tenant is unknown'), `The tenant ${info.tenant} of the access token is not configured.`);
      const scope = tenant.conversionScope;
      const audiences = Array.isArray(info.aud) ? info.aud : [info.aud];
      const owners = resourcesOf(auth, scope);
      if (!info.scope.split(' ').includes(scope) || (owners.length > 0 && !owners.some((o) => audiences.includes(o)))) {
        return deny(reply, 403, bearerChallenge(realm, 'insufficient_scope', `the scope ${scope} is required`, scope), `The access token lacks the scope ${scope}.`);
      }
      const off = formatsAllowed(tenant, route);
      if (off) return sendProblem(reply, 403, 'Forbidden', { route: [off] });
      request.conversionTenant = tenant;
      request.accessToken = info;
    },
  };
}

/** An OpenAPI 3.0 OAuth2 security scheme object with the client credentials flow. */
export interface OAuth2SecurityScheme {
  type: 'oauth2';
  description: string;
  flows: { clientCredentials: { tokenUrl: string; scopes: Record<string, string> } };
}

/**
 * `components.securitySchemes` of the OpenAPI document: OAuth2 with the client credentials flow (OpenAPI 3.0.3
 * §4.7.27–29) at the token endpoint (absolute when `auth.issuer` is configured, else relative to the server),
 * offering every API scope. Undefined when conversions need no token.
 */
export function openApiSecuritySchemes(auth: AuthServices): Record<string, OAuth2SecurityScheme> | undefined {
  if (!auth.config.requireTokenForConversions) return undefined;
  const base = auth.config.issuer?.replace(/\/$/, '') ?? '';
  const scopes = Object.fromEntries(auth.config.apiScopes.map((s) => [s.name, s.displayName ?? s.name]));
  return {
    [SECURITY_SCHEME]: {
      type: 'oauth2',
      description: 'OAuth 2.0 client credentials: POST the client id and secret (Basic) with grant_type=client_credentials to the token endpoint, then send Authorization: Bearer <access_token>.',
      flows: { clientCredentials: { tokenUrl: base + CONNECT_PATHS.token, scopes } },
    },
  };
}
