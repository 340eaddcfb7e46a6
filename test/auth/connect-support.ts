/**
 * Helpers of the `/connect/*` tests: an app over its own container with a controllable clock, form requests,
 * Basic credentials (form-url-encoded first, RFC 6749 §2.3.1), tokens from the built-in grants, forged JWTs, and
 * a configuration with extra clients, an extra API resource and extra tenants.
 */
import 'reflect-metadata';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT, type JWTPayload } from 'jose';
import type { DependencyContainer } from 'tsyringe';
import { DEFAULT_AUTH, type ClientConfig } from '../../config/auth.js';
import { loadConfig, mergeConfig } from '../../config/load.js';
import { hashSecret } from '../../core/auth/clients.js';
import type { AuthServices } from '../../core/auth/services.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { AUTH_SERVICES } from '../../core/di/tokens.js';
import type { GrantStore } from '../../core/stores/grant-store.js';
import { buildApp } from '../../gateway/app.js';

/** The documented local client, user and API resource of `DEFAULT_AUTH`. */
export const LOCAL = { id: 'local-client', secret: 'local-secret' } as const;
export const API = { name: 'avacloud', secret: 'local-api-secret' } as const;
export const DEMO = { userName: 'demo', password: 'demo-password', subject: DEFAULT_AUTH.users[0].subject } as const;
export const USER_SCOPES = 'openid profile role avacloud offline_access';

/** A client whose id and secret need form-url-encoding inside Basic credentials (RFC 6749 §2.3.1, Appendix B). */
export const SPECIAL = { id: 'special client:1', secret: 'sëcret: with+plus&amp%20/=' } as const;

/** Form-url-encoding of one Basic credential part (RFC 6749 Appendix B). */
const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

/** `Authorization: Basic …` for an id and secret. */
export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${formEncode(id)}:${formEncode(secret)}`).toString('base64')}`;
export const LOCAL_BASIC = basic(LOCAL.id, LOCAL.secret);
export const API_BASIC = basic(API.name, API.secret);

const client = (entry: Partial<ClientConfig> & { clientId: string; secret?: string }) => {
  const { secret, ...rest } = entry;
  return { ...rest, secrets: secret ? [{ sha256: hashSecret(secret) }] : [] };
};

/**
 * Configuration overrides adding, on top of the defaults:
 * - API scope + resource `reports` (secret `reports-secret`) and client `reports-client` (client_credentials, `reports`);
 * - API scope `avacloud.read`, owned by the `avacloud` resource too, and client `reader-client` (secret `reader-secret`);
 * - `reference-client` (secret `reference-secret`): reference access tokens, password/refresh/client_credentials;
 * - `code-client` (secret `code-secret`): authorization_code without required PKCE, redirect `https://app.example/cb`;
 * - tenant `partner` (conversion scope `reports`) with client `partner-client` (`reports` and `avacloud`);
 * - tenant `restricted` (formats `ava` only, option default `RemoveHtmlLongTexts: true`) with client `restricted-client`;
 * - {@link SPECIAL}: client_credentials with an id and secret full of characters Basic must form-encode.
 */
export function extendedAuth(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const cc = ['client_credentials'];
  return {
    ...extra,
    auth: {
      clients: [
        ...DEFAULT_AUTH.clients,
        client({ clientId: 'reports-client', secret: 'reports-secret', allowedGrantTypes: cc, allowedScopes: ['reports'] }),
        client({
          clientId: 'reference-client', secret: 'reference-secret', accessTokenType: 'reference', allowOfflineAccess: true,
          allowedGrantTypes: ['client_credentials', 'password', 'refresh_token'], allowedScopes: ['openid', 'profile', 'role', 'avacloud', 'offline_access'],
        }),
        client({
          clientId: 'code-client', secret: 'code-secret', requirePkce: false, allowOfflineAccess: true, redirectUris: ['https://app.example/cb'],
          allowedGrantTypes: ['authorization_code', 'refresh_token'], allowedScopes: ['openid', 'profile', 'avacloud', 'offline_access'],
        }),
        client({ clientId: 'partner-client', secret: 'partner-secret', tenant: 'partner', allowedGrantTypes: cc, allowedScopes: ['reports', 'avacloud'] }),
        client({ clientId: 'restricted-client', secret: 'restricted-secret', tenant: 'restricted', allowedGrantTypes: cc, allowedScopes: ['avacloud'] }),
        client({ clientId: SPECIAL.id, secret: SPECIAL.secret, allowedGrantTypes: cc, allowedScopes: ['avacloud'] }),
        client({ clientId: 'reader-client', secret: 'reader-secret', allowedGrantTypes: cc, allowedScopes: ['avacloud.read'] }),
      ],
      apiScopes: [...DEFAULT_AUTH.apiScopes, { name: 'avacloud.read', displayName: 'Read-only AVACloud' }, { name: 'reports', displayName: 'Reports API' }],
      apiResources: [
        { ...DEFAULT_AUTH.apiResources[0], scopes: ['avacloud', 'avacloud.read'] },
        { name: 'reports', secrets: [{ sha256: hashSecret('reports-secret') }], scopes: ['reports'] },
      ],
      tenants: [
        ...DEFAULT_AUTH.tenants,
        { name: 'partner', conversionScope: 'reports', enabledFormats: [], optionDefaults: {} },
        { name: 'restricted', conversionScope: 'avacloud', enabledFormats: ['ava'], optionDefaults: { RemoveHtmlLongTexts: true } },
      ],
      ...((extra.auth as Record<string, unknown> | undefined) ?? {}),
    },
  };
}

export interface AuthHarness {
  app: FastifyInstance;
  auth: AuthServices;
  container: DependencyContainer;
  /** The token service's clock, epoch seconds; tests move `clock.now` forward to expire tokens. */
  clock: { now: number };
}

/**
 * An app over its own container whose token service uses `clock`; the grant store is `options.store` when given
 * (two apps sharing one store), else memory (or Redis when `redisUrl` is configured).
 */
export async function authHarness(overrides: Record<string, unknown> = {}, options: { store?: GrantStore } = {}): Promise<AuthHarness> {
  const clock = { now: Math.floor(Date.now() / 1000) };
  const config = loadConfig({}, { logLevel: 'silent', ...overrides });
  const container = await createGatewayContainer(config, { auth: { now: () => clock.now, ...(options.store && { store: options.store }) } });
  const app = await buildApp({ container, logger: false });
  return { app, auth: container.resolve<AuthServices>(AUTH_SERVICES), container, clock };
}

export const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' } as const;

/** POSTs a form (an object, or a raw body for repeated parameters). */
export function postForm(app: FastifyInstance, url: string, form: Record<string, string> | string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const payload = typeof form === 'string' ? form : new URLSearchParams(form).toString();
  return app.inject({ method: 'POST', url, headers: { ...FORM_TYPE, ...headers }, payload });
}

/** A token response body (RFC 6749 §5.1). */
export interface Tokens {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  refresh_token?: string;
  id_token?: string;
}

async function tokenOk(res: LightMyRequestResponse): Promise<Tokens> {
  if (res.statusCode !== 200) throw new Error(`token request failed: ${res.statusCode} ${res.body}`);
  return res.json() as Tokens;
}

/** client_credentials for a client (default: local-client, scope avacloud). */
export async function clientToken(app: FastifyInstance, scope = 'avacloud', authorization = LOCAL_BASIC): Promise<string> {
  return (await tokenOk(await postForm(app, '/connect/token', { grant_type: 'client_credentials', scope }, { authorization }))).access_token;
}

/** The password grant for the demo user (default: local-client with every user scope). */
export async function userTokens(app: FastifyInstance, scope = USER_SCOPES, authorization = LOCAL_BASIC): Promise<Tokens> {
  return tokenOk(await postForm(app, '/connect/token', { grant_type: 'password', username: DEMO.userName, password: DEMO.password, scope }, { authorization }));
}

/** A refresh_token grant request (response not checked). */
export function refresh(app: FastifyInstance, refreshToken: string, authorization = LOCAL_BASIC): Promise<LightMyRequestResponse> {
  return postForm(app, '/connect/token', { grant_type: 'refresh_token', refresh_token: refreshToken }, { authorization });
}

/** Introspects a token (default caller: the `avacloud` API resource). */
export async function introspect(app: FastifyInstance, token: string, authorization = API_BASIC, extra: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const res = await postForm(app, '/connect/introspect', { token, ...extra }, { authorization });
  if (res.statusCode !== 200) throw new Error(`introspection failed: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}

/** Revokes a token (default caller: local-client). */
export function revoke(app: FastifyInstance, token: string, authorization = LOCAL_BASIC, extra: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return postForm(app, '/connect/revocation', { token, ...extra }, { authorization });
}

/** RFC 9068 claims a valid client_credentials token of local-client would carry, for forgeries. */
export function accessTokenClaims(issuer: string, now = Math.floor(Date.now() / 1000)): JWTPayload {
  return { iss: issuer, sub: LOCAL.id, aud: 'avacloud', client_id: LOCAL.id, scope: 'avacloud', tenant: 'default', iat: now, exp: now + 600, jti: `forged-${now}` };
}

/** An unsecured JWS (`alg: none`, RFC 7515 §A.5) with the given header extras; `signature` fills the third part. */
export function unsignedJwt(payload: JWTPayload, header: Record<string, unknown> = {}, signature = ''): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'none', typ: 'at+jwt', ...header })}.${part(payload)}.${signature}`;
}

let foreignKey: KeyObject | undefined;
/** A JWT signed with an RSA key the server does not know, claiming `kid` (e.g. the server's own kid). */
export async function foreignJwt(payload: JWTPayload, kid: string): Promise<string> {
  foreignKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' }).sign(foreignKey);
}

/**
 * The issuer of a harness without `auth.issuer`: `http://localhost:<port>` of the configured port (5000), whatever
 * `Host` a request names (`app.inject` sends `Host: localhost:80`).
 */
export const INJECT_ISSUER = 'http://localhost:5000';

/** Listens on an ephemeral port of 127.0.0.1 and returns its base URL (not the issuer: that is configuration). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/** A free TCP port of 127.0.0.1 (asked from the OS, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A harness listening on a free port of 127.0.0.1 with that URL configured as the issuer (`auth.issuer`, as
 * `PUBLIC_URL` would set it), so that clients discovering from it find the issuer they asked for (`h.auth.issuer`).
 */
export async function listeningHarness(overrides: Record<string, unknown> = {}, options: { store?: GrantStore } = {}): Promise<AuthHarness> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const h = await authHarness(mergeConfig(overrides, { auth: { issuer } }) as Record<string, unknown>, options);
  await h.app.listen({ port, host: '127.0.0.1' });
  return h;
}
