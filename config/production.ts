/**
 * Production mode and the start-up checks of the token service's configuration.
 *
 * Production mode: `environment` is `Production` (any letter case), or `NODE_ENV=production` when the
 * configuration does not set `environment` (config/load.ts). In production:
 * - the embedded demo entries of `DEFAULT_AUTH` (clients `local-client` and `local-device`, the `avacloud` API
 *   resource with its secret, the user `demo`) are not loaded: `auth.clients`, `auth.apiResources` and
 *   `auth.users` start empty unless the configuration gives them (config/load.ts);
 * - development signing keys are refused: `auth.keys.signing` must hold an RS256 key (core/auth/keys, KeyRing);
 * - {@link assertSafeAuthConfig} refuses, besides the checks of every environment, public clients with grants
 *   that need client authentication, redirect URIs (and post-logout redirect URIs) that are neither `https` nor
 *   loopback `http`, weak password hashes, and registration or password reset enabled without
 *   `auth.accounts.mail.smtp` (their mail would only be written into the pickup folder, never delivered);
 * - {@link configWarnings} warns about `auth.requireTokenForConversions: false` (allowed: conversions on a
 *   closed network are a legitimate deployment, but it must be visible in the log) and about a shared Redis
 *   without `auth.session.cookieSecret` (login sessions would not carry over between instances).
 *
 * Checked in every environment (a typo must not wait for production to show): grant types no installed grant
 * plugin provides, and redirect URIs (`redirectUris`, `postLogoutRedirectUris`) that are not absolute, carry a
 * fragment or use a scheme a browser or native app cannot be redirected to safely.
 */
import { IMPLICIT_GRANT } from '../core/auth/implicit.js';
import { hashSecret } from '../core/auth/clients.js';
import { GatewayError } from '../core/errors.js';
import type { ClientConfig, UserConfig } from './auth.js';
import type { GatewayConfig } from './defaults.js';

/** The `environment` value production mode reports. */
export const PRODUCTION_ENVIRONMENT = 'Production';

/** True when `environment` names production (any letter case). */
export const isProduction = (environment: string): boolean => environment.toLowerCase() === PRODUCTION_ENVIRONMENT.toLowerCase();

/** `auth` lists whose embedded demo entries are not loaded in production. */
export const DEMO_AUTH_LISTS = ['clients', 'apiResources', 'users'] as const;

/**
 * Grant types a public client (no secret) may use: the authorization code with PKCE (RFC 9700 §2.1.1, RFC 8252
 * §8.1), the device flow (RFC 8628 §3.1, made for clients that cannot keep a secret) and refresh tokens of those
 * grants. Every other grant type — `client_credentials` (RFC 6749 §4.4: confidential clients only), `password`
 * (RFC 6749 §4.3, RFC 9700 §2.4), token exchange (RFC 8693 §2.1) and customer grant plugins — trusts the client
 * that calls it, and a public client is anyone who knows its id.
 */
export const PUBLIC_CLIENT_GRANTS: ReadonlySet<string> = new Set(['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code']);

/**
 * Least scrypt parameters of a configured password hash: N ≥ 2^14 and r ≥ 8 (the parameters Colin Percival, scrypt's author,
 * gives for interactive logins, which are also Node's `crypto.scrypt` defaults and `hashPassword`'s), a
 * salt of ≥ 16 bytes (NIST SP 800-132 §5.1: at least 128 bits) and a derived key of ≥ 32 bytes. These are floors;
 * the OWASP Password Storage Cheat Sheet recommends N = 2^17 (r = 8, p = 1) for new hashes.
 */
export const SCRYPT_MINIMUM = Object.freeze({ N: 2 ** 14, r: 8, saltBytes: 16, keyBytes: 32 });

/** Hosts `http` redirect URIs may name in production: loopback interfaces (RFC 8252 §7.3, §8.3). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A private-use URI scheme of a native app: reverse domain name, so it contains a dot (RFC 8252 §7.1). */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;

/** Why a redirect URI is refused, or undefined (RFC 6749 §3.1.2: absolute, no fragment; RFC 8252 §7–8.3). */
export function redirectUriProblem(uri: string, production: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI (RFC 6749 §3.1.2)';
  }
  if (uri.includes('#')) return 'must not have a fragment (RFC 6749 §3.1.2)';
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  if (!web && !PRIVATE_USE_SCHEME.test(url.protocol)) {
    return `uses the scheme ${url.protocol.slice(0, -1)}; use https, loopback http or a reverse-domain private-use scheme (RFC 8252 §7.1)`;
  }
  if (web && !url.hostname) return 'has no host';
  if (production && url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return 'uses http with a host that is not loopback; production needs https (loopback http://127.0.0.1, http://[::1] or http://localhost only, RFC 8252 §7.3)';
  }
  return undefined;
}

/** Why a user's scrypt hash is too weak, or undefined (see {@link SCRYPT_MINIMUM}). */
export function passwordHashProblem(encoded: string): string | undefined {
  const [, N, r, , salt = '', hash = ''] = encoded.split('$');
  const m = SCRYPT_MINIMUM;
  const saltBytes = Buffer.from(salt, 'base64').length;
  const keyBytes = Buffer.from(hash, 'base64').length;
  const weak = [
    Number(N) < m.N && `N = ${N} < 2^14`,
    Number(r) < m.r && `r = ${r} < ${m.r}`,
    saltBytes < m.saltBytes && `salt of ${saltBytes} bytes < ${m.saltBytes}`,
    keyBytes < m.keyBytes && `key of ${keyBytes} bytes < ${m.keyBytes}`,
  ].filter(Boolean);
  if (weak.length === 0) return undefined;
  return `weak scrypt hash (${weak.join(', ')}); minimum N = 2^14, r = 8, 16-byte salt, 32-byte key (scrypt's interactive-login parameters; salt per NIST SP 800-132 §5.1); make one with hashPassword`;
}

function clientProblems(client: ClientConfig, i: number, grantTypes: ReadonlySet<string>, production: boolean): string[] {
  const key = `auth.clients.${i}`;
  const problems: string[] = [];
  client.allowedGrantTypes.forEach((grant, j) => {
    if (!grantTypes.has(grant)) {
      problems.push(`${key}.allowedGrantTypes.${j}: unknown grant type "${grant}" (client ${client.clientId}); known: ${[...grantTypes].join(', ')}, or a grant plugin named in auth.grantPlugins`);
    }
  });
  for (const list of ['redirectUris', 'postLogoutRedirectUris'] as const) {
    client[list].forEach((uri, j) => {
      const problem = redirectUriProblem(uri, production);
      if (problem) problems.push(`${key}.${list}.${j}: "${uri}" ${problem}`);
    });
  }
  client.secrets.forEach((s, j) => {
    if (s.value !== undefined && hashSecret(s.value) !== s.sha256) problems.push(`${key}.secrets.${j}.value: does not hash to its sha256 (client ${client.clientId})`);
  });
  if (production && client.secrets.length === 0) {
    const confidential = client.allowedGrantTypes.filter((g) => !PUBLIC_CLIENT_GRANTS.has(g));
    if (confidential.length > 0) {
      problems.push(`${key}.secrets: client ${client.clientId} has no secret but may use ${confidential.join(', ')}, which need an authenticated (confidential) client; add a secret or remove the grant`);
    }
    if (client.allowedGrantTypes.includes('authorization_code') && !client.requirePkce) {
      problems.push(`${key}.requirePkce: public client ${client.clientId} uses authorization_code without PKCE (RFC 9700 §2.1.1); set requirePkce: true or add a secret`);
    }
  }
  return problems;
}

const userProblems = (user: UserConfig, i: number): string[] => {
  const problem = passwordHashProblem(user.passwordHash);
  return problem ? [`auth.users.${i}.passwordHash: user ${user.userName}: ${problem}`] : [];
};

/** Production: account mail must reach people, so registration and reset need SMTP. */
function mailProblems(config: GatewayConfig): string[] {
  const { accounts, tenants } = config.auth;
  if (accounts.mail.smtp) return [];
  const registering = [accounts.registration, ...tenants.map((t) => t.registration)].some((policy) => policy?.enabled);
  const features = [registering && 'registration', accounts.passwordReset.enabled && 'password reset'].filter(Boolean);
  if (features.length === 0) return [];
  return [`auth.accounts.mail.smtp: ${features.join(' and ')} enabled but no SMTP server configured; production does not write mail into auth.accounts.mail.pickupDirectory: configure auth.accounts.mail.smtp or disable ${features.join(' and ')}`];
}

/**
 * Refuses an unsafe token service configuration (see the module comment for the rules in every environment and
 * in production). Called once the grant plugins are loaded, since they declare the grant types that exist.
 * @param grantTypes every grant type the installed grant plugins provide (built-in and `auth.grantPlugins`)
 * @throws GatewayError GW_ERR_CONFIG listing every problem, each starting with its key (`auth.clients.0.secrets: …`)
 */
export function assertSafeAuthConfig(config: GatewayConfig, grantTypes: readonly string[]): void {
  const production = isProduction(config.environment);
  // `implicit` has no token endpoint grant: it lets a client receive tokens from the authorization endpoint.
  const known = new Set([...grantTypes, IMPLICIT_GRANT]);
  const problems = [
    ...config.auth.clients.flatMap((c, i) => clientProblems(c, i, known, production)),
    ...(production ? config.auth.users.flatMap(userProblems) : []),
    ...(production ? mailProblems(config) : []),
  ];
  if (problems.length > 0) {
    const mode = production ? 'production configuration' : 'configuration';
    throw new GatewayError('GW_ERR_CONFIG', `Unsafe ${mode}: ${problems.join('; ')}`, 'config');
  }
}

/** Warnings to log at start-up: settings that are allowed but weaken production (see the module comment). */
export function configWarnings(config: GatewayConfig): string[] {
  if (!isProduction(config.environment)) return [];
  const warnings: string[] = [];
  if (!config.auth.requireTokenForConversions) {
    warnings.push('auth.requireTokenForConversions is false in production: the conversion routes answer without a token; run them only on a closed network');
  }
  if (config.redisUrl?.trim() && config.auth.session.cookieSecret === undefined) {
    warnings.push('auth.session.cookieSecret is not set: each instance signs login cookies with its own random secret, so a browser signed in on one instance is not on another and every restart signs everyone out; set the same secret on every instance');
  }
  return warnings;
}
