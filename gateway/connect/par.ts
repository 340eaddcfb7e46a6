/**
 * Pushed authorization requests (RFC 9126): `POST /connect/par` and the `request_uri` it hands out.
 *
 * - The client authenticates as at the token endpoint (Basic or body, never both; public clients by
 *   `client_id`; RFC 9126 §2); errors are JSON as RFC 6749 §5.2 (401 `invalid_client`).
 * - The pushed parameters (a `request` object among them, RFC 9126 §3) are validated as the authorization endpoint
 *   would (RFC 9126 §2.1); a problem answers 400 with the error authorize would have sent. `request_uri` may not
 *   be pushed (§2.1).
 * - Success: 201 `{ request_uri: "urn:ietf:params:oauth:request_uri:<random>", expires_in }` with
 *   `Cache-Control: no-store` (§2.2). The request is kept in the grant store (memory or Redis: any instance
 *   serves the authorize step), bound to the client, for {@link PAR_LIFETIME_SECONDS}.
 * - At `/connect/authorize` the reference counts for its client only; the authorize query's other parameters are
 *   ignored (§4). It may be read while the user signs in and consents, and is consumed atomically when the
 *   authorization response is issued: it serves one authorization (§4, "one-time use").
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OAuthError, type OAuthErrorCode } from '../../core/auth/oauth-error.js';
import type { AuthServices } from '../../core/auth/services.js';
import { newHandle } from '../../core/stores/grant-store.js';
import { validateAuthorizeRequest } from './authorize-request.js';
import { CONNECT_PATHS } from './discovery.js';
import { Form, authenticateFormClient, formEndpoint } from './form.js';
import { noStore } from './reply.js';

/** The `request_uri` prefix of pushed requests (RFC 9126 §2.2). */
export const PAR_URN_PREFIX = 'urn:ietf:params:oauth:request_uri:';
/** How long a pushed request can be used, seconds (RFC 9126 §2.2 suggests 5 to 600). */
export const PAR_LIFETIME_SECONDS = 90;

const KIND = 'pushed_authorization_request';

/**
 * The parameters pushed under a `request_uri`, when it is a live, unused pushed request of `clientId`.
 * @returns the parameters and the store handle, or undefined (unknown, expired, used, or another client's)
 */
export async function pushedRequest(auth: AuthServices, requestUri: string, clientId: string): Promise<{ params: URLSearchParams; handle: string } | undefined> {
  if (!requestUri.startsWith(PAR_URN_PREFIX)) return undefined;
  const handle = requestUri.slice(PAR_URN_PREFIX.length);
  if (handle === '') return undefined;
  const grant = await auth.store.find(KIND, handle);
  if (!grant || grant.clientId !== clientId || grant.consumedAt !== undefined || grant.expiresAt <= auth.now() || typeof grant.data.params !== 'string') return undefined;
  return { params: new URLSearchParams(grant.data.params), handle };
}

/** Uses up a pushed request; false when it was already used (or is gone). */
export async function consumePushedRequest(auth: AuthServices, handle: string, clientId: string): Promise<boolean> {
  return (await auth.store.consume(KIND, handle, { clientId })).status === 'consumed';
}

/** Registers `POST /connect/par` (see the module comment for the rules and RFC 9126 sections). */
export function registerParEndpoint(app: FastifyInstance, auth: AuthServices): void {
  formEndpoint(app, CONNECT_PATHS.par, 'Pushed authorization request (RFC 9126)', async (request, reply) => {
    const form = Form.of(request);
    const { client } = authenticateFormClient(request, form, auth);
    const params = new URLSearchParams(String(request.body));
    params.delete('client_secret');
    params.set('client_id', client.clientId);
    if (params.has('request_uri')) throw new OAuthError('invalid_request', 'request_uri may not be pushed (RFC 9126 §2.1)');
    const v = await validateAuthorizeRequest(params, auth, { pushed: true });
    if (v.kind === 'fatal') throw new OAuthError('invalid_request', v.description);
    // RFC 9126 §2.3: the errors of the authorization endpoint (`invalid_request_object` …) as JSON.
    if (v.kind === 'redirect') throw new OAuthError(v.error as OAuthErrorCode, v.description);
    const handle = newHandle(32);
    await auth.store.save(KIND, handle, {
      clientId: client.clientId, scopes: v.request.scopes.scopes, familyId: randomUUID(),
      expiresAt: auth.now() + PAR_LIFETIME_SECONDS, data: { params: params.toString() },
    });
    return noStore(reply).code(201).send({ request_uri: PAR_URN_PREFIX + handle, expires_in: PAR_LIFETIME_SECONDS });
  });
}
