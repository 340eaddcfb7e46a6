/**
 * Client authentication at the token, device authorization and revocation endpoints: `client_secret_basic`
 * (Authorization header; id and secret are form-url-decoded after base64, RFC 6749 §2.3.1 and Appendix B),
 * `client_secret_post` (body), or `none` for public clients. Using two methods at once is rejected
 * (RFC 6749 §2.3.1 and Appendix B).
 */
import type { ClientConfig } from './config.js';
import { OAuthError, invalidRequest } from './oauth-error.js';
import { secretMatches } from './clients.js';

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface BasicCredentials {
  id: string;
  secret: string;
}

const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));

/**
 * Parses `Authorization: Basic …`. Returns undefined when the header is absent or another scheme.
 * @throws OAuthError invalid_request when the Basic value is malformed
 */
export function parseBasic(header: string | undefined): BasicCredentials | undefined {
  if (!header || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidRequest('malformed Basic credentials');
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw invalidRequest('malformed Basic credentials (invalid percent-encoding)');
  }
}

/** `invalid_client` (401); with the `WWW-Authenticate: Basic` challenge when the client used the header (RFC 6749 §5.2). */
export function invalidClient(description: string, usedHeader: boolean, realm: string): OAuthError {
  return new OAuthError('invalid_client', description, 401, usedHeader ? { 'WWW-Authenticate': `Basic realm="${realm}"` } : {});
}

export interface AuthenticatedClient {
  client: ClientConfig;
  method: ClientAuthMethod;
}

/**
 * Authenticates the calling client.
 * @param lookup finds a client by id
 * @param realm the issuer, for the Basic challenge
 * @throws OAuthError invalid_request (two methods, no client id), invalid_client (unknown client, wrong or missing secret)
 */
export function authenticateClient(
  authorization: string | undefined,
  params: { client_id?: string; client_secret?: string },
  lookup: (id: string) => ClientConfig | undefined,
  realm: string,
): AuthenticatedClient {
  const basic = parseBasic(authorization);
  if (basic) {
    if (params.client_secret !== undefined) throw invalidRequest('client authentication must use only one method: Basic header or client_secret in the body');
    if (params.client_id !== undefined && params.client_id !== basic.id) throw invalidRequest('client_id in the body differs from the Basic credentials');
  }
  const clientId = basic?.id ?? params.client_id;
  if (!clientId) throw invalidClient('no client authentication given (client_id is required)', false, realm);
  const client = lookup(clientId);
  const usedHeader = basic !== undefined;
  const secret = basic?.secret ?? params.client_secret;
  if (!client) throw invalidClient('client authentication failed', usedHeader, realm);
  if (client.secrets.length === 0) {
    if (secret) throw invalidClient('client authentication failed: this client has no secret', usedHeader, realm);
    return { client, method: 'none' };
  }
  if (!secret || !secretMatches(client.secrets, secret)) throw invalidClient('client authentication failed', usedHeader, realm);
  return { client, method: usedHeader ? 'client_secret_basic' : 'client_secret_post' };
}
