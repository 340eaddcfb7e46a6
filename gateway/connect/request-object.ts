/**
 * Request objects: authorization request parameters passed as a JWT by value (`request`) or by reference
 * (`request_uri`) — OpenID Connect Core 1.0 §6, RFC 9101 (JAR).
 *
 * Rules (errors are `invalid_request_object` for the JWT, `invalid_request_uri` for the reference):
 * - signed with a key of the client's registered JWK Set (`jwks` inline or `jwksUri`; RS256/384/512,
 *   PS256/384/512, ES256/384/512, EdDSA), or HS256/384/512 with one of the client's unexpired secrets whose
 *   `value` is configured (OIDC Core §10.1: the MAC key is the secret itself); `alg: none` only for a client with
 *   `allowUnsignedRequestObjects` (OIDC Core §6.1); encrypted request objects (JWE) are not supported;
 * - a signed object must carry `iss` = the client id and `aud` = the issuer (RFC 9101 §10.2, OIDC Core §6.1);
 *   `exp` and `nbf` are checked with 30 s tolerance; `client_id`, when present, must be the client's
 *   (RFC 9101 §5); it may not contain `request` or `request_uri` (RFC 9101 §4);
 * - its claims supersede the query parameters of the same name (OIDC Core §6.3.3); `response_type` present in
 *   both must be equal (OIDC Core §6.1); numbers and booleans become their decimal text, objects (`claims`) their
 *   JSON;
 * - `request_uri` must be one of the client's `requestUris` (exact match; nothing else is fetched, so the
 *   server cannot be made to reach arbitrary hosts, RFC 9101 §10.4.1), is fetched with `GET` without following
 *   redirects, must answer 200 within {@link REQUEST_URI_LIMITS}`.timeoutMs` with at most `maxBytes` bytes.
 */
import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, UnsecuredJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { ClientConfig } from '../../core/auth/config.js';

/** `alg` values accepted for request objects (discovery `request_object_signing_alg_values_supported`). */
export const ASYMMETRIC_ALGS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;
export const SYMMETRIC_ALGS = ['HS256', 'HS384', 'HS512'] as const;
export const REQUEST_OBJECT_SIGNING_ALGS = [...ASYMMETRIC_ALGS, ...SYMMETRIC_ALGS, 'none'] as const;

/** Limits of a `request_uri` fetch: milliseconds for the whole response, bytes of body. */
export const REQUEST_URI_LIMITS = { timeoutMs: 5000, maxBytes: 64 * 1024 } as const;

/** Allowed clock skew for `exp`/`nbf`, seconds. */
const CLOCK_TOLERANCE = 30;

/** A request object or reference that cannot be used. */
export class RequestObjectError extends Error {
  constructor(readonly error: 'invalid_request_object' | 'invalid_request_uri' | 'invalid_request', readonly description: string) {
    super(description);
  }
}

const objectError = (description: string) => new RequestObjectError('invalid_request_object', description);

/** JWT claims that describe the object itself, not authorization request parameters. */
const JWT_CLAIMS = new Set(['iss', 'aud', 'exp', 'nbf', 'iat', 'jti']);

/** Remote key sets per `jwksUri` (jose caches and refreshes the keys, RFC 9101 §4). */
const remoteSets = new Map<string, JWTVerifyGetKey>();

function clientKeys(client: ClientConfig): JWTVerifyGetKey | undefined {
  if (client.jwks) return createLocalJWKSet(client.jwks as Parameters<typeof createLocalJWKSet>[0]);
  if (!client.jwksUri) return undefined;
  let set = remoteSets.get(client.jwksUri);
  if (!set) {
    set = createRemoteJWKSet(new URL(client.jwksUri), { timeoutDuration: REQUEST_URI_LIMITS.timeoutMs });
    remoteSets.set(client.jwksUri, set);
  }
  return set;
}

/** The payload of a verified (or, where allowed, unsigned) request object. @throws RequestObjectError */
async function verifiedPayload(jwt: string, client: ClientConfig, issuer: string, nowSeconds: number): Promise<JWTPayload> {
  let alg: string | undefined;
  try {
    const header = decodeProtectedHeader(jwt);
    if ('enc' in header || jwt.split('.').length !== 3) throw objectError('encrypted request objects are not supported');
    alg = header.alg;
  } catch (err) {
    if (err instanceof RequestObjectError) throw err;
    throw objectError('the request object is not a JWT');
  }
  const currentDate = new Date(nowSeconds * 1000);
  const checks = { issuer: client.clientId, audience: issuer, requiredClaims: ['iss', 'aud'], currentDate, clockTolerance: CLOCK_TOLERANCE };
  try {
    if (alg === 'none') {
      if (!client.allowUnsignedRequestObjects) throw objectError(`client ${client.clientId} may not send unsigned request objects`);
      const { payload } = UnsecuredJWT.decode(jwt, { currentDate, clockTolerance: CLOCK_TOLERANCE });
      if (payload.iss !== undefined && payload.iss !== client.clientId) throw objectError('the request object\'s iss is not the client id');
      if (payload.aud !== undefined && ![payload.aud].flat().includes(issuer)) throw objectError('the request object\'s aud is not this issuer');
      return payload;
    }
    if ((SYMMETRIC_ALGS as readonly string[]).includes(alg ?? '')) {
      const now = nowSeconds * 1000;
      const secrets = client.secrets.filter((s) => s.value !== undefined && (s.expiresAt === undefined || Date.parse(s.expiresAt) > now));
      if (secrets.length === 0) throw objectError(`client ${client.clientId} has no secret that can verify ${alg} request objects (secrets[].value)`);
      let last: unknown;
      for (const s of secrets) {
        try {
          return (await jwtVerify(jwt, new TextEncoder().encode(s.value), { ...checks, algorithms: [...SYMMETRIC_ALGS] })).payload;
        } catch (err) {
          last = err;
        }
      }
      throw last;
    }
    if (!(ASYMMETRIC_ALGS as readonly string[]).includes(alg ?? '')) throw objectError(`request object alg ${alg} is not supported`);
    const keys = clientKeys(client);
    if (!keys) throw objectError(`client ${client.clientId} has no registered keys (jwks or jwksUri) for ${alg} request objects`);
    return (await jwtVerify(jwt, keys, { ...checks, algorithms: [...ASYMMETRIC_ALGS] })).payload;
  } catch (err) {
    if (err instanceof RequestObjectError) throw err;
    throw objectError(`the request object is not valid: ${joseReason(err)}`);
  }
}

function joseReason(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'it has expired';
  if (err instanceof errors.JWTClaimValidationFailed) return `claim ${err.claim} ${err.reason === 'missing' ? 'is missing' : 'is not accepted'}`;
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'the signature does not verify';
  if (err instanceof errors.JWKSNoMatchingKey) return 'no registered key matches';
  if (err instanceof errors.JOSEError) return err.message;
  return 'it cannot be read';
}

/** A claim's value as a request parameter. @throws RequestObjectError for values no parameter can take */
function parameterValue(name: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value);
  throw objectError(`claim ${name} has a value no request parameter can take`);
}

/**
 * The effective authorization request parameters of a request object: `query` without `request`/`request_uri`,
 * overridden by the object's claims.
 * @param nowSeconds the server's clock, epoch seconds
 * @throws RequestObjectError invalid_request_object
 */
export async function requestObjectParams(jwt: string, query: URLSearchParams, client: ClientConfig, issuer: string, nowSeconds: number): Promise<URLSearchParams> {
  const payload = await verifiedPayload(jwt, client, issuer, nowSeconds);
  if ('request' in payload || 'request_uri' in payload) throw objectError('a request object may not contain request or request_uri');
  if (payload.client_id !== undefined && payload.client_id !== client.clientId) throw objectError('the request object\'s client_id is not the client\'s');
  const queryType = query.get('response_type');
  if (payload.response_type !== undefined && queryType !== null && payload.response_type !== queryType) {
    throw objectError('response_type in the request object differs from the request\'s');
  }
  const out = new URLSearchParams(query);
  out.delete('request');
  out.delete('request_uri');
  for (const [name, value] of Object.entries(payload)) if (!JWT_CLAIMS.has(name)) out.set(name, parameterValue(name, value));
  return out;
}

/**
 * Fetches the request object a registered `request_uri` points to.
 * @throws RequestObjectError invalid_request_uri (not registered, unreachable, not 200, too large, too slow)
 */
export async function fetchRequestUri(uri: string, client: ClientConfig, limits: { timeoutMs: number; maxBytes: number } = REQUEST_URI_LIMITS): Promise<string> {
  const fail = (why: string) => new RequestObjectError('invalid_request_uri', `request_uri ${why}`);
  if (!client.requestUris.includes(uri)) throw fail(`is not registered for client ${client.clientId}`);
  let res: Response;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    res = await fetch(uri, { redirect: 'manual', signal, headers: { accept: 'application/oauth-authz-req+jwt, application/jwt' } });
  } catch {
    throw fail(signal.aborted ? `did not answer within ${limits.timeoutMs} ms` : 'could not be fetched');
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    throw fail(`answered HTTP ${res.status}${res.status >= 300 && res.status < 400 ? ' (redirects are not followed)' : ''}`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body ?? []) {
      size += chunk.byteLength;
      if (size > limits.maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        throw fail(`answered more than ${limits.maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof RequestObjectError) throw err;
    throw fail(signal.aborted ? `did not answer within ${limits.timeoutMs} ms` : 'could not be read');
  }
  return Buffer.concat(chunks).toString('utf8').trim();
}
