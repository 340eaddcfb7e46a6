/**
 * Login sessions of the browser side of `/connect` (OpenID Connect Core 1.0 §3.1.2.3 "Authorization Server
 * Authenticates End-User"): who signed in, when (`auth_time`), how (`amr`, RFC 8176), for which tenant and through
 * which identity provider. The record lives in the {@link SessionStore} under a random 256-bit id that the browser
 * holds in a signed cookie; only the id's hash is a store key. A sign-in always starts a new session (a new id), so
 * an id planted before sign-in never becomes an authenticated one (OWASP Session Management Cheat Sheet,
 * "Renew the Session ID After Any Privilege Level Change"). Ending a session removes the record, so it ends on every
 * instance at once.
 */
import type { SessionConfig, UserConfig } from './config.js';
import { newHandle } from '../stores/grant-store.js';
import type { SessionStore } from '../stores/session-store.js';

/** A login session as stored. Times are epoch seconds. */
export interface LoginSession {
  subject: string;
  /** When the user authenticated (OIDC `auth_time`). */
  authTime: number;
  /** Authentication methods (RFC 8176), e.g. `['pwd']`. */
  amr: string[];
  /** The tenant the user signed in for (`acr_values=tenant:<name>`), absent = none selected. */
  tenant?: string;
  /** Identity provider used, absent = local account. */
  idp?: string;
  /**
   * The id token the identity provider issued at this sign-in (compact JWS), kept as the `id_token_hint` of the
   * sign-out there (OpenID Connect RP-Initiated Logout 1.0 §2); absent for a local account.
   */
  upstreamIdToken?: string;
  /** When the session ends. */
  expiresAt: number;
  /** The user's security stamp at sign-in (`StoredUser.securityStamp`); the session ends when it changes. */
  stamp?: string;
}

/** How a user signed in: methods (RFC 8176), tenant, and the identity provider with its id token. */
export type SignInMethod = Pick<LoginSession, 'amr' | 'tenant' | 'idp' | 'upstreamIdToken'>;

export class LoginSessions {
  /** @param now epoch seconds */
  constructor(
    private readonly store: SessionStore,
    private readonly config: SessionConfig,
    private readonly now: () => number,
  ) {}

  /**
   * Starts a new session for a user who has just authenticated.
   * @returns the new session id (43 base64url characters; the cookie value) and the record
   * @throws GrantStoreError `backend_error` when the store is unavailable
   */
  async start(user: UserConfig & { securityStamp?: string }, how: SignInMethod): Promise<{ id: string; session: LoginSession }> {
    const authTime = this.now();
    const session: LoginSession = {
      subject: user.subject, authTime, amr: [...how.amr], expiresAt: authTime + this.config.lifetimeSeconds,
      ...(how.tenant !== undefined && { tenant: how.tenant }),
      ...(how.idp !== undefined && { idp: how.idp }),
      ...(how.upstreamIdToken !== undefined && { upstreamIdToken: how.upstreamIdToken }),
      ...(user.securityStamp !== undefined && { stamp: user.securityStamp }),
    };
    const id = newHandle(32);
    await this.store.set('session', id, { ...session }, this.config.lifetimeSeconds);
    return { id, session };
  }

  /** The live session with this id, or undefined. @throws GrantStoreError `backend_error` */
  async find(id: string): Promise<LoginSession | undefined> {
    const record = (await this.store.get('session', id)) as LoginSession | undefined;
    return record && record.expiresAt > this.now() ? record : undefined;
  }

  /** Ends the session (logout); true when it existed. @throws GrantStoreError `backend_error` */
  end(id: string): Promise<boolean> {
    return this.store.delete('session', id);
  }
}
