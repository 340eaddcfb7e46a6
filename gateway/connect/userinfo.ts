/**
 * `GET|POST /connect/userinfo` (OIDC Core §5.3; RFC 6750 for the token): the claims of the user an access token
 * represents, by the identity scopes it carries (IdentityServer4 UserInfo endpoint (https://identityserver4.readthedocs.io/en/latest/endpoints/userinfo.html): `sub`, `name`, `given_name`,
 * `family_name`, `role` as an array of strings).
 *
 * - The token comes from `Authorization: Bearer` (RFC 6750 §2.1) or, on POST, from a form body `access_token`
 *   (§2.2; OIDC Core §5.3.1 allows it and the OIDF test `oidcc-userinfo-post-body` uses it). Both at once → 400
 *   `invalid_request` (§2: "MUST NOT use more than one method"). The query parameter (§2.3) is not accepted.
 * - A DPoP-bound token (RFC 9449 §7) comes as `Authorization: DPoP <token>` with a `DPoP` proof (`./dpop.ts`);
 *   as Bearer, or with a missing or bad proof → 401 with a `DPoP` challenge (`invalid_token`/`invalid_dpop_proof`).
 * - No token → 401 with `WWW-Authenticate: Bearer realm="<issuer>"` and no error code (§3.1).
 * - Invalid, expired, revoked, foreign or unsigned token, or its user no longer exists or is disabled → 401
 *   `error="invalid_token"`.
 * - A token of a client (client_credentials: `sub` = client_id) or without `openid` → 403 `insufficient_scope`
 *   with `scope="openid"` (IdentityServer4 endpoints (https://identityserver4.readthedocs.io/en/latest/endpoints/): "must represent the user", "openid is the minimum").
 * Every response carries `Cache-Control: no-store`; errors are also a JSON `{error, error_description}` body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthServices } from '../../core/auth/services.js';
import { connectOperation } from '../openapi/operations.js';
import { bearerChallenge, type BearerError } from './bearer.js';
import { checkPresentedToken, dpopChallenge, presentedToken, type PresentedToken } from './dpop.js';
import { CONNECT_PATHS } from './discovery.js';
import { noStore, sendOAuthError } from './reply.js';

const STATUS: Record<BearerError | 'invalid_dpop_proof' | 'use_dpop_nonce', number> = {
  invalid_request: 400, invalid_token: 401, insufficient_scope: 403, invalid_dpop_proof: 401, use_dpop_nonce: 401,
};

function fail(reply: FastifyReply, realm: string, error: BearerError | 'invalid_dpop_proof' | 'use_dpop_nonce' | undefined, description: string, scope?: string, scheme: PresentedToken['scheme'] = 'bearer'): FastifyReply {
  reply.header('www-authenticate', scheme === 'dpop' ? dpopChallenge(realm, error, description) : bearerChallenge(realm, error as BearerError | undefined, description, scope));
  const body = error ? { error, error_description: description } : { error_description: description };
  return noStore(reply).code(error ? STATUS[error] : 401).type('application/json').send(body);
}

/** The token of the request: header (Bearer or DPoP), or form body on POST (Bearer); 'twice' when both carry one. */
function tokenOf(request: FastifyRequest): PresentedToken | undefined | 'twice' {
  const header = presentedToken(request.headers.authorization);
  let body: string | undefined;
  const type = String(request.headers['content-type'] ?? '');
  if (request.method === 'POST' && /^application\/x-www-form-urlencoded\b/i.test(type) && typeof request.body === 'string') {
    const values = new URLSearchParams(request.body).getAll('access_token');
    if (values.length > 1) return 'twice';
    body = values[0];
  }
  if (header !== undefined && body !== undefined) return 'twice';
  return header ?? (body === undefined ? undefined : { scheme: 'bearer', token: body });
}

/** Registers `GET` and `POST /connect/userinfo` (see the module comment for token presentation and errors). */
export function registerUserInfoEndpoint(app: FastifyInstance, auth: AuthServices): void {
  app.route({
    method: ['GET', 'POST'],
    url: CONNECT_PATHS.userinfo,
    schema: { tags: ['OAuth 2.0 / OpenID Connect'], summary: 'UserInfo endpoint (OIDC Core §5.3): claims of the user the bearer token represents', ...connectOperation(CONNECT_PATHS.userinfo) },
    validatorCompiler: () => (data: unknown) => ({ value: data }),
    handler: async (request, reply) => {
      try {
        const realm = auth.issuer;
        const token = tokenOf(request);
        if (token === 'twice') return fail(reply, realm, 'invalid_request', 'the access token must be sent by exactly one method');
        if (token === undefined) return fail(reply, realm, undefined, 'a bearer access token is required');
        const checked = await checkPresentedToken(auth, request, token);
        if ('refused' in checked) {
          if (checked.refused.nonce !== undefined) reply.header('dpop-nonce', checked.refused.nonce);
          return fail(reply, realm, checked.refused.error, checked.refused.description, undefined, checked.refused.scheme);
        }
        const info = checked.info;
        const scopes = info.scope.split(' ');
        if (!info.isUser || !scopes.includes('openid')) {
          return fail(reply, realm, 'insufficient_scope', 'the access token must represent a user and carry the openid scope', 'openid');
        }
        const user = await auth.users.bySubjectId(info.sub);
        if (!user || user.disabled) return fail(reply, realm, 'invalid_token', 'the user of the access token no longer exists');
        const claims = auth.resources.userClaims(user, scopes.filter((s) => auth.resources.isIdentityScope(s)));
        return noStore(reply).type('application/json').send(claims);
      } catch (err) {
        return sendOAuthError(request, reply, err);
      }
    },
  });
}
