/**
 * Helpers of the request object and PAR tests: the client's key pairs (one per `alg` family), signed and
 * unsigned request objects, a server publishing request objects at `request_uri`s (and misbehaving ones), and the
 * clients that use them.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { hashSecret } from '../../core/auth/clients.js';
import { InjectBrowser, REDIRECT, authorizeUrl, browserAuth } from './browser-support.js';
import { authHarness, type AuthHarness } from './connect-support.js';

export const ISSUER = 'http://localhost:5000';
/** Secret of `jar` and `jar-hs`; `jar-hs` has its clear value configured (HS256 request objects). */
export const JAR_SECRET = 'jar-secret-with-enough-entropy-0123456789';

type Pair = { privateKey: KeyObject; publicKey: KeyObject };

/** Key pairs of the client `jar`, by the curve or type the algs need (Node key objects serve every alg of their type). */
export interface ClientKeys {
  rsa: Pair;
  p256: Pair;
  p384: Pair;
  p521: Pair;
  ed25519: Pair;
  /** Not registered anywhere: signatures with it must fail. */
  stranger: Pair;
}

export async function clientKeys(): Promise<ClientKeys> {
  const ec = (namedCurve: string) => generateKeyPairSync('ec', { namedCurve });
  return {
    rsa: generateKeyPairSync('rsa', { modulusLength: 2048 }), p256: ec('P-256'), p384: ec('P-384'), p521: ec('P-521'),
    ed25519: generateKeyPairSync('ed25519'), stranger: generateKeyPairSync('rsa', { modulusLength: 2048 }),
  };
}

/** The private key that signs `alg`. */
export function keyFor(keys: ClientKeys, alg: string): KeyObject | Uint8Array {
  if (alg.startsWith('HS')) return new TextEncoder().encode(JAR_SECRET);
  if (alg.startsWith('RS') || alg.startsWith('PS')) return keys.rsa.privateKey;
  if (alg === 'ES256') return keys.p256.privateKey;
  if (alg === 'ES384') return keys.p384.privateKey;
  if (alg === 'ES512') return keys.p521.privateKey;
  return keys.ed25519.privateKey;
}

/** A request object for `clientId`: `iss`, `aud`, `iat`, `exp` (+5 min) set unless `claims` overrides them. */
export async function signedRequest(key: KeyObject | Uint8Array, alg: string, claims: Record<string, unknown>, clientId = 'jar', header: Record<string, unknown> = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: clientId, aud: ISSUER, iat: now, exp: now + 300, client_id: clientId, ...claims } as JWTPayload)
    .setProtectedHeader({ alg, ...header })
    .sign(key);
}

/** An unsigned (`alg: none`) request object. */
export function unsignedRequest(claims: Record<string, unknown>): string {
  return new UnsecuredJWT(claims as JWTPayload).encode();
}

/**
 * Serves request objects: `GET /r/<name>` answers what `put(name, body)` stored; `/redirect` answers 302,
 * `/missing` 404, `/large` a body over 64 KiB, `/slow` nothing for 10 s.
 */
export class RequestUriServer {
  readonly bodies = new Map<string, string>();
  readonly hits: string[] = [];
  private constructor(private readonly server: Server, readonly origin: string) {}

  static async start(): Promise<RequestUriServer> {
    let self: RequestUriServer | undefined;
    const server = createServer((req, res) => {
      const path = req.url ?? '/';
      self!.hits.push(path);
      if (path === '/redirect') return res.writeHead(302, { location: `${self!.origin}/r/one` }).end();
      if (path === '/large') return res.writeHead(200).end('a'.repeat(70 * 1024));
      if (path === '/slow') return void setTimeout(() => res.writeHead(200).end('late'), 10_000).unref();
      const body = self!.bodies.get(path.slice(3));
      if (!path.startsWith('/r/') || body === undefined) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self = new RequestUriServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  uri(name: string): string {
    return name.startsWith('/') ? this.origin + name : `${this.origin}/r/${name}`;
  }

  put(name: string, body: string): string {
    this.bodies.set(name, body);
    return this.uri(name);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const jarClient = (clientId: string, extra: Record<string, unknown>) => ({
  clientId, clientName: `App ${clientId}`, secrets: [{ sha256: hashSecret(JAR_SECRET) }],
  allowedGrantTypes: ['authorization_code', 'refresh_token'], allowedScopes: ['openid', 'profile', 'avacloud', 'offline_access'],
  redirectUris: [REDIRECT], requirePkce: false, allowOfflineAccess: true, ...extra,
});

/**
 * Adds to a configuration (e.g. `browserAuth()`): `jar` (inline JWKS with every key, request URIs of `server`:
 * `one`, `two`, `/redirect`, `/missing`, `/large`, `/slow`), `jar-hs` (HS256 with its secret's clear value),
 * `jar-none` (unsigned request objects allowed), `jar-nokeys` (no keys, no clear secret), `jar-par`
 * (`requirePushedAuthorizationRequests`).
 */
export async function withRequestClients(config: Record<string, unknown>, keys: ClientKeys, server: RequestUriServer): Promise<Record<string, unknown>> {
  const publicJwks = await Promise.all([keys.rsa, keys.p256, keys.p384, keys.p521, keys.ed25519].map(async (k, i) => ({ ...(await exportJWK(k.publicKey)), kid: `k${i}` })));
  const requestUris = ['one', 'two', '/redirect', '/missing', '/large', '/slow'].map((n) => server.uri(n));
  const auth = config.auth as Record<string, unknown[]>;
  return {
    ...config,
    auth: {
      ...auth,
      clients: [
        ...auth.clients,
        jarClient('jar', { jwks: { keys: publicJwks }, requestUris }),
        jarClient('jar-hs', { secrets: [{ sha256: hashSecret(JAR_SECRET), value: JAR_SECRET }] }),
        jarClient('jar-none', { allowUnsignedRequestObjects: true, requestUris: [server.uri('unsigned')] }),
        jarClient('jar-nokeys', {}),
        jarClient('jar-par', { requirePushedAuthorizationRequests: true }),
      ],
    },
  };
}

/** A gateway with the request-object clients, the `request_uri` server, and a browser signed in as `demo`. */
export interface SignedInRequestHarness {
  h: AuthHarness;
  b: InjectBrowser;
  keys: ClientKeys;
  server: RequestUriServer;
  /** The gateway's configuration (to start more instances of it). */
  config: Record<string, unknown>;
  close(): Promise<void>;
}

/** Starts {@link SignedInRequestHarness}; the browser signs in through the login page of `clientId`'s authorization request. */
export async function signedInRequestHarness(clientId = 'web'): Promise<SignedInRequestHarness> {
  const [keys, server] = await Promise.all([clientKeys(), RequestUriServer.start()]);
  const config = await withRequestClients(browserAuth(), keys, server);
  const h = await authHarness(config);
  const b = new InjectBrowser(h.app);
  const login = await b.get(authorizeUrl({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' }));
  await b.submit(login, { username: 'demo', password: 'demo-password' });
  return { h, b, keys, server, config, close: async () => { await h.app.close(); await server.close(); } };
}
