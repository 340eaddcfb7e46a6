/**
 * `POST /connect/deviceauthorization` — the device authorization endpoint (RFC 8628 §3.1–3.2; IdentityServer4 device authorization endpoint (https://identityserver4.readthedocs.io/en/latest/endpoints/device_authorization.html) "Device
 * authorization").
 *
 * Request: form-encoded `client_id` (+ `client_secret` in the body or a Basic header — never both — for
 * confidential clients; public clients send `client_id` only) and an optional `scope` (omitted: every scope the
 * client is allowed). Response 200 (`Cache-Control: no-store`):
 * `{device_code, user_code, verification_uri, verification_uri_complete, expires_in, interval}` with
 * `verification_uri` = the configured issuer (`auth.issuer`) + `auth.deviceFlow.verificationPath` and `verification_uri_complete` = that +
 * `?user_code=<code>` (§3.3.1); `expires_in` and `interval` in seconds.
 *
 * Errors, as at the token endpoint (RFC 8628 §3.2 → RFC 6749 §5.2): `invalid_request` (not form-encoded, a
 * repeated parameter, two authentication methods), 401 `invalid_client` (with `WWW-Authenticate: Basic` when
 * the header was used), `unauthorized_client` (the client may not use the device_code grant), `invalid_scope`.
 */
import type { FastifyInstance } from 'fastify';
import { DEVICE_CODE_GRANT, createDeviceAuthorization, notAllowedDeviceFlow } from '../../core/auth/device-authorizations.js';
import { invalidScope } from '../../core/auth/oauth-error.js';
import type { AuthServices } from '../../core/auth/services.js';
import { Form, authenticateFormClient, formEndpoint } from './form.js';
import { noStore } from './reply.js';

/** The route path (discovery's `device_authorization_endpoint`). */
export const DEVICE_AUTHORIZATION_PATH = '/connect/deviceauthorization';

export function registerDeviceAuthorizationEndpoint(app: FastifyInstance, auth: AuthServices): void {
  const summary = 'Device authorization endpoint (RFC 8628 §3.1): starts the device flow with a device code and a user code';
  formEndpoint(app, DEVICE_AUTHORIZATION_PATH, summary, async (request, reply) => {
    const form = Form.of(request);
    const { client } = authenticateFormClient(request, form, auth);
    if (!client.allowedGrantTypes.includes(DEVICE_CODE_GRANT)) throw notAllowedDeviceFlow(client);
    const granted = auth.resources.resolve(form.get('scope'), client);
    if (granted.scopes.length === 0) throw invalidScope(`client ${client.clientId} has no scope to grant`);
    const tenant = auth.tenants.select(undefined, client).name;
    const created = await createDeviceAuthorization(auth, { client, granted, tenant });
    const verificationUri = auth.issuer + auth.config.deviceFlow.verificationPath;
    return noStore(reply).type('application/json').send({
      device_code: created.deviceCode,
      user_code: created.userCode,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${encodeURIComponent(created.userCode)}`,
      expires_in: created.expiresIn,
      interval: created.interval,
    });
  });
}
