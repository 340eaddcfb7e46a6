/**
 * Tokens the authorization endpoint hands out through the browser (the front channel) for the implicit and hybrid
 * response types (OpenID Connect Core 1.0 §3.2, §3.3; OAuth 2.0 Multiple Response Type Encoding Practices §3–5):
 * an access token for `token`, an id token for `id_token` with `nonce`, `at_hash` of that access token and `c_hash`
 * of the code issued with it. A client needs the `implicit` entry in `allowedGrantTypes` for any of them (the
 * IdentityServer grant type name; it has no token endpoint grant). No refresh token ever leaves this way.
 *
 * In the hybrid flow the access token joins the grant family of the code issued with it (`familyId`), so that a
 * replayed code (RFC 6749 §4.1.2, §10.5) revokes it along with the tokens of the token endpoint.
 */
import type { ClientConfig, UserConfig } from './config.js';
import type { GrantContext } from './grant-contract.js';
import type { GrantedScopes } from './resources.js';

/** The `allowedGrantTypes` entry that lets a client receive tokens from the authorization endpoint. */
export const IMPLICIT_GRANT = 'implicit';

export interface FrontChannelRequest {
  client: ClientConfig;
  user: UserConfig;
  scopes: GrantedScopes;
  tenant: string;
  /** Whether `token` and `id_token` are in the response type. */
  token: boolean;
  idToken: boolean;
  nonce?: string;
  /** The code issued in the same response (hybrid), for `c_hash`. */
  code?: string;
  /** Epoch seconds. */
  authTime: number;
  amr?: string[];
  idp?: string;
  /** The grant family of the code issued in the same response (hybrid); a new one when absent. */
  familyId?: string;
}

/** The response members (`access_token`, `token_type`, `expires_in` in seconds as a string, `id_token`). */
export async function issueFrontChannelTokens(ctx: Pick<GrantContext, 'tokens' | 'resources'>, issuer: string, r: FrontChannelRequest): Promise<Record<string, string>> {
  const subject = {
    client: r.client, user: r.user, granted: r.scopes, tenant: r.tenant, authTime: r.authTime,
    ...(r.familyId !== undefined && { familyId: r.familyId }),
    ...(r.nonce !== undefined && { nonce: r.nonce }), ...(r.amr !== undefined && { amr: r.amr }), ...(r.idp !== undefined && { idp: r.idp }),
  };
  const out: Record<string, string> = {};
  if (r.token) {
    const at = await ctx.tokens.createAccessToken(issuer, subject);
    Object.assign(out, { access_token: at.token, token_type: 'Bearer', expires_in: String(at.expiresIn) });
  }
  if (r.idToken) {
    // Without an access token the client has no userinfo call: the claims go into the id token (OIDC Core §5.4).
    const claims = r.token || r.code ? { sub: r.user.subject } : ctx.resources.userClaims(r.user, r.scopes.identityScopes);
    out.id_token = await ctx.tokens.createIdToken(issuer, subject, out.access_token, claims, r.code);
  }
  return out;
}
