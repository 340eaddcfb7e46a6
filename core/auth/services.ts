/**
 * The token service's collaborators, built once per app instance from the configuration: signing keys, the
 * grant store and the password lockout's attempt store (Redis when `redisUrl` is set, else memory), clients,
 * users, scopes and tenants.
 */
import type { GatewayConfig } from '../../config/defaults.js';
import { createGrantStore, createLockoutStore } from '../stores/index.js';
import type { GrantStore } from '../stores/grant-store.js';
import type { LockoutStore } from '../stores/lockout-store.js';
import type { GrantContext } from './grant-contract.js';
import { ClientRegistry } from './clients.js';
import { KeyRing } from './keys/index.js';
import { PasswordLockout } from './lockout.js';
import { OAuthError } from './oauth-error.js';
import { ResourceCatalog } from './resources.js';
import { TenantDirectory } from './tenants.js';
import { TokenService } from './token-service.js';
import { UserDirectory } from './users.js';

export interface AuthServices extends GrantContext {
  keys: KeyRing;
  /** Issuer identifier for a request's base URL (`auth.issuer` when configured). */
  issuerFor(requestBase: string): string;
  /** Issuers a JWT may carry to be accepted here. */
  acceptedIssuers(requestBase: string): string[];
  close(): Promise<void>;
}

export interface AuthServiceOptions {
  /** A store to use instead of creating one (tests). */
  store?: GrantStore;
  /** An attempt store for the password lockout instead of creating one (tests); closed with the services. */
  lockoutStore?: LockoutStore;
  /** Folder relative key files resolve against. */
  baseDir?: string;
  /** Epoch seconds (tests); fractions are honoured by the password lockout. */
  now?: () => number;
}

/**
 * @throws GatewayError GW_ERR_CONFIG for unusable keys; the Redis store's connection error when Redis is configured but unreachable
 */
export async function createAuthServices(config: GatewayConfig, options: AuthServiceOptions = {}): Promise<AuthServices> {
  const auth = config.auth;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const keys = await KeyRing.load(auth.keys, { baseDir: options.baseDir, now });
  const clients = new ClientRegistry(auth.clients, auth.apiResources);
  keys.setMaxTokenLifetime(clients.maxTokenLifetime());
  const store = options.store ?? (await createGrantStore({ redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix }));
  const lockoutStore = options.lockoutStore ?? (await createLockoutStore({ redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix }).catch(async (err: unknown) => {
    if (!options.store) await store.close();
    throw err;
  }));
  const clock = options.now;
  const lockout = new PasswordLockout(auth.lockout, lockoutStore, clock ? () => clock() * 1000 : Date.now);
  const configured = auth.issuer?.replace(/\/$/, '');
  return {
    keys,
    store,
    clients,
    users: new UserDirectory(auth.users),
    resources: new ResourceCatalog(auth),
    tenants: new TenantDirectory(auth),
    tokens: new TokenService(keys, store, { now }),
    config: auth,
    lockout,
    now,
    error: (code, description, status) => new OAuthError(code, description, status),
    issuerFor: (base) => configured ?? base.replace(/\/$/, ''),
    acceptedIssuers: (base) => [configured ?? base.replace(/\/$/, '')],
    close: async () => {
      await Promise.all([store.close(), lockout.close()]);
    },
  };
}
