/**
 * The token service: issues access tokens (RFC 9068 JWTs or reference tokens, per client), id tokens (OIDC Core
 * §2) and refresh tokens (opaque, stored only as hashes), and validates access tokens for introspection,
 * userinfo and the conversion routes. Times are epoch seconds.
 *
 * A user-bound JWT access token is also recorded in the grant store under its `jti` (kind `reference_token`,
 * handle `jwt:<jti>`) in its grant family, so that revoking the family (code replay, refresh token reuse) makes
 * it inactive too (RFC 9700 (OAuth 2.0 Security BCP)). Client-credentials JWTs touch no store: that path stays write-free.
 *
 * DPoP (RFC 9449): the instance `boundTo(jkt)` returns puts `cnf: {jkt}` into every access token it creates (§6.1;
 * reference tokens keep it in their stored claims, so introspection shows it, §6.2) and binds the refresh tokens
 * of public clients to the key (`data.jkt`, §5: "refresh tokens issued to public clients MUST be bound").
 *
 * The instance `issuedThrough(route)` returns marks every refresh token it creates with that route
 * (`data.issuedThrough`), and the refresh_token grant run with it accepts only tokens so marked: a route redeeming
 * refresh tokens without client authentication (`/identity/token-refresh`) takes only those it issued (RFC 6749 §10.4).
 */
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type { ClientConfig, UserConfig } from './config.js';
import type { KeyRing } from './keys/index.js';
import { newHandle, type GrantStore, type StoredGrant } from '../stores/grant-store.js';
import type { TokenResponseBody } from './grant-contract.js';
import type { GrantedScopes } from './resources.js';

/** Who and what a token is issued for. */
export interface TokenSubject {
  client: ClientConfig;
  /** The end user; absent for client_credentials (then `sub` = client_id, RFC 9068 §2.2). */
  user?: UserConfig;
  granted: GrantedScopes;
  tenant: string;
  /** The grant family of user flows (code, refresh, device, password); created when absent. */
  familyId?: string;
  /** When the user authenticated (OIDC `auth_time`). */
  authTime?: number;
  /** Authentication methods (`pwd` …). */
  amr?: string[];
  idp?: string;
  /** `nonce` of the authorization request (id token). */
  nonce?: string;
  /** Extra access token claims (client claims, token exchange `act`). */
  claims?: Record<string, unknown>;
}

/** What a valid access token says, for introspection (RFC 7662 §2.2), userinfo and the conversion routes. */
export interface AccessTokenInfo {
  sub: string;
  client_id: string;
  scope: string;
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  jti?: string;
  tenant?: string;
  auth_time?: number;
  idp?: string;
  /** `jwt` or `reference`. */
  format: 'jwt' | 'reference';
  familyId?: string;
  /** True when the token represents a user (not the client itself). */
  isUser: boolean;
  /** The DPoP key the token is bound to (RFC 9449 §6). */
  cnf?: { jkt: string };
}

export interface TokenServiceOptions {
  /** Epoch seconds; injectable for tests. */
  now?: () => number;
  /** RFC 7638 thumbprint of the DPoP key tokens are bound to. */
  dpopJkt?: string;
  /** Stored as `data.issuedThrough` with every refresh token created. */
  issuedThrough?: string;
}

const IS_JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

export class TokenService {
  private readonly now: () => number;
  /** The DPoP key thumbprint this instance binds tokens to; undefined: bearer tokens. */
  readonly dpopJkt: string | undefined;
  /** The route this instance marks its refresh tokens with (`data.issuedThrough`); undefined: no mark. */
  readonly issuedThroughRoute: string | undefined;

  constructor(
    private readonly keys: KeyRing,
    private readonly store: GrantStore,
    options: TokenServiceOptions = {},
  ) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.dpopJkt = options.dpopJkt;
    this.issuedThroughRoute = options.issuedThrough;
  }

  private with(options: TokenServiceOptions): TokenService {
    return new TokenService(this.keys, this.store, { now: this.now, dpopJkt: this.dpopJkt, issuedThrough: this.issuedThroughRoute, ...options });
  }

  /** The same service binding every token it creates to the DPoP key with this thumbprint (RFC 9449 §6). */
  boundTo(jkt: string): TokenService {
    return this.with({ dpopJkt: jkt });
  }

  /** The same service marking every refresh token it creates as issued through `route` (`data.issuedThrough`). */
  issuedThrough(route: string): TokenService {
    return this.with({ issuedThrough: route });
  }

  /** The audience of an access token: the API resources of its scopes, or `<issuer>/resources` when none (Duende). */
  private audience(issuer: string, granted: GrantedScopes): string | string[] {
    const aud = granted.audiences.length ? granted.audiences : [`${issuer}/resources`];
    return aud.length === 1 ? aud[0] : aud;
  }

  /**
   * Creates an access token for the subject, as a JWT (`typ: at+jwt`, RFC 9068) or a reference token, as the
   * client is configured.
   * @returns the token and its lifetime in seconds
   */
  async createAccessToken(issuer: string, s: TokenSubject): Promise<{ token: string; expiresIn: number }> {
    const iat = this.now();
    const expiresIn = s.client.accessTokenLifetime;
    const exp = iat + expiresIn;
    const jti = randomUUID();
    const sub = s.user?.subject ?? s.client.clientId;
    const claims: Record<string, unknown> = {
      ...s.client.claims,
      ...s.claims,
      iss: issuer,
      sub,
      aud: this.audience(issuer, s.granted),
      client_id: s.client.clientId,
      scope: s.granted.scopes.join(' '),
      tenant: s.tenant,
      iat,
      exp,
      jti,
    };
    if (s.authTime !== undefined) claims.auth_time = s.authTime;
    if (s.idp) claims.idp = s.idp;
    if (s.amr) claims.amr = s.amr;
    if (this.dpopJkt !== undefined) claims.cnf = { jkt: this.dpopJkt };
    const familyId = s.familyId ?? (s.user ? randomUUID() : undefined);
    if (s.client.accessTokenType === 'reference') {
      const token = newHandle(32);
      await this.store.save('reference_token', token, {
        clientId: s.client.clientId, subject: sub, tenant: s.tenant, scopes: s.granted.scopes,
        familyId: familyId ?? randomUUID(), expiresAt: exp, data: { claims },
      });
      return { token, expiresIn };
    }
    const key = this.keys.signingKey(s.client.accessTokenSigningAlg);
    const token = await new SignJWT(claims as JWTPayload)
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'at+jwt' })
      .sign(key.privateKey);
    if (s.user) {
      await this.store.save('reference_token', `jwt:${jti}`, {
        clientId: s.client.clientId, subject: sub, tenant: s.tenant, scopes: s.granted.scopes,
        familyId: familyId!, expiresAt: exp, data: { jwt: true },
      });
    }
    return { token, expiresIn };
  }

  /**
   * Creates an id token (OIDC Core §2, §3.1.3.6): RS256 by default, `aud` = client_id, `at_hash` of the access
   * token issued with it and, from the authorization endpoint of the hybrid flow, `c_hash` of the code issued
   * with it (OIDC Core §3.3.2.11).
   */
  async createIdToken(issuer: string, s: TokenSubject, accessToken: string | undefined, userClaims: Record<string, unknown>, code?: string): Promise<string> {
    const iat = this.now();
    const key = this.keys.signingKey('RS256');
    const payload: Record<string, unknown> = { ...userClaims, iss: issuer, aud: s.client.clientId, iat, exp: iat + s.client.identityTokenLifetime };
    payload.sub = s.user!.subject;
    payload.auth_time = s.authTime ?? iat;
    if (s.nonce !== undefined) payload.nonce = s.nonce;
    if (s.amr) payload.amr = s.amr;
    if (s.idp) payload.idp = s.idp;
    if (accessToken) payload.at_hash = atHash(accessToken);
    if (code) payload.c_hash = atHash(code);
    return new SignJWT(payload as JWTPayload).setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
  }

  /**
   * Creates a refresh token in the subject's family. `absoluteExpiresAt` carries the family's hard end over
   * rotations; each token lives `slidingLifetime` (0 = up to the absolute end).
   */
  async createRefreshToken(s: TokenSubject & { familyId: string }, absoluteExpiresAt?: number): Promise<string> {
    const now = this.now();
    const policy = s.client.refreshToken;
    const absolute = absoluteExpiresAt ?? now + policy.absoluteLifetime;
    const expiresAt = policy.slidingLifetime > 0 ? Math.min(absolute, now + policy.slidingLifetime) : absolute;
    const handle = newHandle(32);
    await this.store.save('refresh_token', handle, {
      clientId: s.client.clientId, subject: s.user?.subject, tenant: s.tenant, scopes: s.granted.scopes, familyId: s.familyId,
      expiresAt, data: {
        absoluteExpiresAt: absolute, authTime: s.authTime, idp: s.idp, amr: s.amr,
        ...(this.dpopJkt !== undefined && s.client.secrets.length === 0 && { jkt: this.dpopJkt }),
        ...(this.issuedThroughRoute !== undefined && { issuedThrough: this.issuedThroughRoute }),
      },
    });
    return handle;
  }

  /**
   * Issues the whole token response of a grant: the access token, a refresh token when `offline_access` was
   * granted and the client allows it (and `withRefreshToken` is not false), an id token when `openid` was
   * granted to a user.
   */
  async issue(issuer: string, s: TokenSubject, options: { userClaims?: Record<string, unknown>; withRefreshToken?: boolean; absoluteExpiresAt?: number } = {}): Promise<TokenResponseBody> {
    const familyId = s.familyId ?? (s.user ? randomUUID() : undefined);
    const subject = { ...s, familyId };
    const at = await this.createAccessToken(issuer, subject);
    const body: TokenResponseBody = { access_token: at.token, token_type: 'Bearer', expires_in: at.expiresIn, scope: s.granted.scopes.join(' ') };
    if (s.user && s.granted.offlineAccess && s.client.allowOfflineAccess && options.withRefreshToken !== false) {
      body.refresh_token = await this.createRefreshToken({ ...subject, familyId: familyId! }, options.absoluteExpiresAt);
    }
    if (s.user && s.granted.identityScopes.includes('openid')) {
      body.id_token = await this.createIdToken(issuer, subject, at.token, options.userClaims ?? {});
    }
    return body;
  }

  /**
   * Validates an access token (JWT or reference) and returns what it says, or undefined when it is unknown,
   * malformed, expired, revoked, badly signed, or not an access token (RFC 7662 §2.2 "active": false).
   * @param issuers issuer identifiers accepted for JWTs
   */
  async validateAccessToken(token: string, issuers: readonly string[]): Promise<AccessTokenInfo | undefined> {
    if (IS_JWT.test(token)) return this.validateJwt(token, issuers);
    const grant = await this.store.find('reference_token', token);
    if (!grant || grant.expiresAt <= this.now()) return undefined;
    const claims = grant.data.claims as Record<string, unknown> | undefined;
    if (!claims) return undefined;
    return { ...(claims as unknown as AccessTokenInfo), format: 'reference', familyId: grant.familyId, isUser: claims.sub !== claims.client_id };
  }

  private async validateJwt(token: string, issuers: readonly string[]): Promise<AccessTokenInfo | undefined> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      return undefined;
    }
    const key = kid === undefined ? undefined : this.keys.verificationKey(kid);
    if (!key) return undefined;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['RS256', 'ES256'], typ: 'at+jwt', issuer: [...issuers], currentDate: new Date(this.now() * 1000) }));
    } catch {
      return undefined;
    }
    const info = { ...(payload as unknown as AccessTokenInfo), format: 'jwt' as const, isUser: payload.sub !== payload.client_id };
    if (info.isUser) {
      const record: StoredGrant | undefined = await this.store.find('reference_token', `jwt:${payload.jti}`);
      if (!record) return undefined;
      info.familyId = record.familyId;
    }
    return info;
  }

  /** Revokes a reference access token (RFC 7009); false when it is not one of the client's. */
  async revokeReferenceToken(token: string, clientId: string): Promise<boolean> {
    const grant = await this.store.find('reference_token', token);
    if (!grant || grant.clientId !== clientId) return false;
    return this.store.remove('reference_token', token);
  }
}

/**
 * OIDC Core §3.1.3.6 (`at_hash`) and §3.3.2.11 (`c_hash`): base64url of the left half of SHA-256 of the access
 * token or code (for *256 algorithms).
 */
export function atHash(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16).toString('base64url');
}
