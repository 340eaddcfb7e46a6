/**
 * `GET /.well-known/openid-configuration`: OpenID Connect Discovery 1.0 §3/§4 (and the RFC 8414 members of the
 * same names). Anonymous; the same document whatever host the request names.
 *
 * Rules:
 * - `issuer` is `auth.issuer`: configuration only (`auth.issuer`, `PUBLIC_URL`, else `http://localhost:<port>`),
 *   without a trailing slash, never the request's `Host` (a forged `Host` must not yield a document naming
 *   another issuer). Clients compare it with the URL they discovered from (OIDC Discovery §4.3; openid-client and
 *   oauth4webapi reject a mismatch), so it must be the public URL clients use.
 * - Endpoint URLs are the issuer plus the `/connect/*` path (a path issuer thus assumes a proxy mounting the
 *   gateway under that path).
 * - Only endpoints that exist are listed: `authorization_endpoint` (and the response types, response modes,
 *   `ui_locales_supported` and RFC 9207 `authorization_response_iss_parameter_supported` that go with it),
 *   `end_session_endpoint` (OpenID Connect RP-Initiated Logout 1.0 §2.1) and `device_authorization_endpoint`
 *   appear once their routes are registered, checked per request with `app.hasRoute`; the response types and
 *   modes are the ones `./authorize-request.ts` serves.
 * - Request objects (`./request-object.ts`) and pushed requests (`./par.ts`, RFC 9126 §5) are served with the
 *   authorization endpoint, and advertised with it.
 * - `jwks_uri` uses Duende's path `/.well-known/openid-configuration/jwks`.
 * - `dpop_signing_alg_values_supported` (RFC 9449 §5.1): the algorithms a DPoP proof may use (`core/auth/dpop.ts`).
 */
import type { FastifyInstance } from 'fastify';
import type { GrantRegistry } from '../../core/auth/grant-registry.js';
import { IMPLICIT_GRANT } from '../../core/auth/implicit.js';
import { DPOP_SIGNING_ALGS } from '../../core/auth/dpop.js';
import type { AuthServices } from '../../core/auth/services.js';
import { connectOperation } from '../openapi/operations.js';
import { RESPONSE_MODES_SUPPORTED, RESPONSE_TYPES_SUPPORTED } from './authorize-request.js';
import { UI_LOCALES } from './pages/texts.js';
import { REQUEST_OBJECT_SIGNING_ALGS } from './request-object.js';

/** Paths of the token service's endpoints, relative to the issuer. */
export const CONNECT_PATHS = Object.freeze({
  discovery: '/.well-known/openid-configuration',
  jwks: '/.well-known/openid-configuration/jwks',
  authorize: '/connect/authorize',
  token: '/connect/token',
  userinfo: '/connect/userinfo',
  deviceAuthorization: '/connect/deviceauthorization',
  introspection: '/connect/introspect',
  revocation: '/connect/revocation',
  endSession: '/connect/endsession',
  par: '/connect/par',
});

/** Metadata members this server publishes (OIDC Discovery §3, RFC 8414 §2, RFC 8628 §4, RFC 7662/7009 via RFC 8414). */
export interface DiscoveryDocument {
  issuer: string;
  jwks_uri: string;
  authorization_endpoint?: string;
  end_session_endpoint?: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  device_authorization_endpoint?: string;
  introspection_endpoint: string;
  revocation_endpoint: string;
  grant_types_supported: string[];
  scopes_supported: string[];
  claims_supported: string[];
  response_types_supported: string[];
  response_modes_supported?: string[];
  subject_types_supported: string[];
  id_token_signing_alg_values_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  introspection_endpoint_auth_methods_supported: string[];
  revocation_endpoint_auth_methods_supported: string[];
  code_challenge_methods_supported?: string[];
  ui_locales_supported?: string[];
  authorization_response_iss_parameter_supported?: boolean;
  /** RFC 9449 §5.1. */
  dpop_signing_alg_values_supported: string[];
  request_parameter_supported: boolean;
  request_uri_parameter_supported: boolean;
  request_object_signing_alg_values_supported?: string[];
  pushed_authorization_request_endpoint?: string;
  require_pushed_authorization_requests?: boolean;
  claims_parameter_supported: boolean;
}

/**
 * Builds the discovery document for an issuer.
 * @param issuer the issuer identifier (no trailing slash)
 * @param has whether a route exists (`app.hasRoute` for GET/POST)
 */
export function discoveryDocument(issuer: string, auth: AuthServices, grants: GrantRegistry, has: (method: 'GET' | 'POST', path: string) => boolean): DiscoveryDocument {
  const grantTypes = grants.grantTypes();
  const withAuthorize = has('GET', CONNECT_PATHS.authorize);
  const withDevice = has('POST', CONNECT_PATHS.deviceAuthorization);
  const withEndSession = has('GET', CONNECT_PATHS.endSession);
  const claims = new Set<string>(['sub']);
  for (const s of auth.config.identityScopes) for (const c of s.claims) claims.add(c);
  return {
    issuer,
    jwks_uri: issuer + CONNECT_PATHS.jwks,
    ...(withAuthorize && { authorization_endpoint: issuer + CONNECT_PATHS.authorize }),
    ...(withEndSession && { end_session_endpoint: issuer + CONNECT_PATHS.endSession }),
    token_endpoint: issuer + CONNECT_PATHS.token,
    userinfo_endpoint: issuer + CONNECT_PATHS.userinfo,
    ...(withDevice && { device_authorization_endpoint: issuer + CONNECT_PATHS.deviceAuthorization }),
    introspection_endpoint: issuer + CONNECT_PATHS.introspection,
    revocation_endpoint: issuer + CONNECT_PATHS.revocation,
    // `implicit` (OIDC Discovery §3) when the authorization endpoint hands out tokens.
    grant_types_supported: withAuthorize && RESPONSE_TYPES_SUPPORTED.some((t) => t.includes('token')) ? [...grantTypes, IMPLICIT_GRANT] : grantTypes,
    scopes_supported: auth.resources.allScopes(),
    claims_supported: [...claims],
    response_types_supported: withAuthorize ? [...RESPONSE_TYPES_SUPPORTED] : [],
    ...(withAuthorize && { response_modes_supported: [...RESPONSE_MODES_SUPPORTED] }),
    subject_types_supported: ['public'],
    // Id tokens are always signed with RS256 (TokenService.createIdToken); ES256 keys sign access tokens only.
    id_token_signing_alg_values_supported: auth.keys.algorithms().filter((a) => a === 'RS256'),
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    ...(grantTypes.includes('authorization_code') && { code_challenge_methods_supported: ['plain', 'S256'] }),
    ...((withAuthorize || withEndSession) && { ui_locales_supported: [...UI_LOCALES] }),
    ...(withAuthorize && { authorization_response_iss_parameter_supported: true }),
    dpop_signing_alg_values_supported: [...DPOP_SIGNING_ALGS],
    request_parameter_supported: withAuthorize,
    // OIDC Discovery §3: absent means true, so "not supported" must be said.
    request_uri_parameter_supported: withAuthorize,
    ...(withAuthorize && { request_object_signing_alg_values_supported: [...REQUEST_OBJECT_SIGNING_ALGS] }),
    // Per-client requirements (`requirePushedAuthorizationRequests`) do not make it a server-wide one (RFC 9126 §5).
    ...(withAuthorize && has('POST', CONNECT_PATHS.par) && { pushed_authorization_request_endpoint: issuer + CONNECT_PATHS.par, require_pushed_authorization_requests: false }),
    claims_parameter_supported: false,
  };
}

/** Registers `GET /.well-known/openid-configuration` (anonymous). */
export function registerDiscoveryEndpoint(app: FastifyInstance, auth: AuthServices, grants: GrantRegistry): void {
  const has = (method: 'GET' | 'POST', url: string) => app.hasRoute({ method, url });
  app.get(CONNECT_PATHS.discovery, {
    schema: { tags: ['OAuth 2.0 / OpenID Connect'], summary: 'OpenID Connect discovery document (OIDC Discovery 1.0 §4)', ...connectOperation(CONNECT_PATHS.discovery) },
    handler: async (_request, reply) => {
      const doc = discoveryDocument(auth.issuer, auth, grants, has);
      return reply.type('application/json').send(doc);
    },
  });
}
