/**
 * The token service's collaborators, built once per app instance from the configuration: signing keys, the
 * grant store, the password lockout's attempt store, the session store and the user store (Redis when `redisUrl` is
 * set, else memory), clients, users, scopes, tenants and the issuer.
 */
import { DpopNonces } from './dpop-nonce.js';
import { GatewayError } from '../errors.js';
import { createExternalLoginStore, createGrantStore, createLockoutStore, createReplayStore, createSessionStore, createUserStore } from '../stores/index.js';
import type { ExternalLoginStore } from '../stores/external-login-store.js';
import type { ReplayStore } from '../stores/replay-store.js';
import type { GrantStore } from '../stores/grant-store.js';
import type { LockoutStore } from '../stores/lockout-store.js';
import type { SessionStore } from '../stores/session-store.js';
import { UserStoreError, type UserStore } from '../stores/user-store.js';
import type { AuthConfig } from './config.js';
import type { GrantContext } from './grant-contract.js';
import { ClientRegistry } from './clients.js';
import { AccountTokens } from './account-tokens.js';
import { ConsentStore } from './consents.js';
import { FederationFlows } from './federation-flows.js';
import { issuerOf } from './issuer.js';
import { KeyRing } from './keys/index.js';
import { PasswordLockout } from './lockout.js';
import { OAuthError } from './oauth-error.js';
import { ResourceCatalog } from './resources.js';
import { LoginSessions } from './sessions.js';
import { TenantDirectory } from './tenants.js';
import { TokenService } from './token-service.js';
import { UserDirectory, UserGrantTracking, storedFromConfig } from './users.js';

export interface AuthServices extends GrantContext {
  keys: KeyRing;
  /**
   * The issuer identifier (`auth.issuer` / `PUBLIC_URL`, else `http://localhost:<port>`; see `issuerOf`), no
   * trailing slash: the `iss` of every token, the base of every URL in discovery and `verification_uri`, the
   * realm of every `WWW-Authenticate` challenge, and the only `iss` a JWT may carry to be accepted. The same for
   * every request, whatever `Host` it names.
   */
  readonly issuer: string;
  /** Login sessions of the browser side (store: memory, or Redis with `redisUrl`). */
  sessions: LoginSessions;
  /** Consents remembered per user and client (same store). */
  consents: ConsentStore;
  /** Password reset and e-mail confirmation link tokens (same store). */
  accountTokens: AccountTokens;
  /** Sign-ins in progress at upstream identity providers (same store as the sessions). */
  federationFlows: FederationFlows;
  /** Links of upstream identities (federation) to local users (memory, or Redis with `redisUrl`). */
  externalLogins: ExternalLoginStore;
  /** One-time values seen recently: DPoP proof `jti`s (memory, or Redis with `redisUrl`). */
  replays: ReplayStore;
  /** Server-provided DPoP nonces (`dpop-nonce.ts`), shared by the instances through `auth.session.cookieSecret`. */
  dpopNonces: DpopNonces;
  close(): Promise<void>;
}

/**
 * The part of the gateway's configuration the token service reads. Core declares it and the composition root
 * (gateway/composition-root.ts) fills it from the loaded configuration, so core does not depend on `config/`.
 */
export interface AuthServicesConfig {
  /** The `auth` section. */
  auth: AuthConfig;
  /** TCP port the gateway listens on (the issuer when `auth.issuer` is absent, see `issuerOf`). */
  port: number;
  /** Redis connection URL of the grant and lockout stores; absent = in-memory stores. */
  redisUrl?: string;
  /** Prefix of every Redis key written. */
  redisKeyPrefix: string;
  /** Production mode (`environment` is `Production`): development signing keys are refused. */
  production: boolean;
}

export interface AuthServiceOptions {
  /** A store to use instead of creating one (tests). */
  store?: GrantStore;
  /** An attempt store for the password lockout instead of creating one (tests); closed with the services. */
  lockoutStore?: LockoutStore;
  /** A store of login sessions and consents instead of creating one (tests); closed with the services. */
  sessionStore?: SessionStore;
  /** A user store instead of creating one (tests); closed with the services; `auth.users` are not added to it. */
  userStore?: UserStore;
  /** Folder relative key files resolve against. */
  baseDir?: string;
  /** Epoch seconds (tests); fractions are honoured by the password lockout. */
  now?: () => number;
}

/**
 * In production (`config.production`) development keys are refused: `auth.keys.signing` must hold
 * an RS256 key.
 * @throws GatewayError GW_ERR_CONFIG for unusable or missing keys, a client whose `accessTokenSigningAlg` has no
 *   active key (it would fail at every token request), or two identity providers of one tenant with one name; the Redis store's connection error when Redis is configured but unreachable
 */
export async function createAuthServices(config: AuthServicesConfig, options: AuthServiceOptions = {}): Promise<AuthServices> {
  const auth = config.auth;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const keys = await KeyRing.load(auth.keys, { baseDir: options.baseDir, now, developmentKeys: !config.production });
  const signing = keys.algorithms();
  auth.clients.forEach((c, i) => {
    if (!signing.includes(c.accessTokenSigningAlg)) {
      throw new GatewayError('GW_ERR_CONFIG', `auth.clients.${i}.accessTokenSigningAlg: client ${c.clientId} signs with ${c.accessTokenSigningAlg}, but auth.keys.signing has no active ${c.accessTokenSigningAlg} key`, 'config');
    }
  });
  auth.tenants.forEach((t, i) => {
    const names = (t.identityProviders ?? []).map((p) => p.name);
    const twice = names.find((n, j) => names.indexOf(n) !== j);
    if (twice !== undefined) throw new GatewayError('GW_ERR_CONFIG', `auth.tenants.${i}.identityProviders: the name ${twice} is used twice in tenant ${t.name}`, 'config');
  });
  const clients = new ClientRegistry(auth.clients, auth.apiResources);
  keys.setMaxTokenLifetime(clients.maxTokenLifetime());
  const store = options.store ?? (await createGrantStore({ redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix }));
  const lockoutStore = options.lockoutStore ?? (await createLockoutStore({ redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix }).catch(async (err: unknown) => {
    if (!options.store) await store.close();
    throw err;
  }));
  const sessionStore = options.sessionStore ?? (await createSessionStore({ redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix }).catch(async (err: unknown) => {
    await Promise.all([options.store ? undefined : store.close(), options.lockoutStore ? undefined : lockoutStore.close()]);
    throw err;
  }));
  const owned = [options.store ? undefined : store, options.lockoutStore ? undefined : lockoutStore, options.sessionStore ? undefined : sessionStore];
  const extra = { redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix };
  const [externalLogins, replays] = await Promise.all([createExternalLoginStore(extra), createReplayStore(extra)]).catch(async (err: unknown) => {
    await Promise.all(owned.map((s) => s?.close()));
    throw err;
  });
  const userStore = options.userStore ?? (await createUserStore({ redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix, seed: auth.users.map(storedFromConfig) }).catch(async (err: unknown) => {
    await Promise.all([...owned.map((s) => s?.close()), externalLogins.close(), replays.close()]);
    if (err instanceof UserStoreError && err.code === 'conflict') throw new GatewayError('GW_ERR_CONFIG', `auth.users: ${err.message}`, 'config');
    throw err;
  }));
  // Every grant saved for a user is recorded with the user, so ending the user's access can revoke it.
  const grants = new UserGrantTracking(store, userStore);
  const clock = options.now;
  const lockout = new PasswordLockout(auth.lockout, lockoutStore, clock ? () => clock() * 1000 : Date.now);
  return {
    keys,
    store: grants,
    clients,
    users: new UserDirectory(userStore, grants),
    resources: new ResourceCatalog(auth),
    tenants: new TenantDirectory(auth),
    tokens: new TokenService(keys, grants, { now }),
    config: auth,
    lockout,
    now,
    error: (code, description, status) => new OAuthError(code, description, status),
    issuer: issuerOf(config),
    sessions: new LoginSessions(sessionStore, auth.session, now),
    consents: new ConsentStore(sessionStore, auth.session, store, now),
    accountTokens: new AccountTokens(sessionStore, now),
    federationFlows: new FederationFlows(sessionStore),
    externalLogins,
    replays,
    dpopNonces: new DpopNonces(auth.session.cookieSecret),
    close: async () => {
      await Promise.all([store.close(), lockout.close(), sessionStore.close(), userStore.close(), externalLogins.close(), replays.close()]);
    },
  };
}
