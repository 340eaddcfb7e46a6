/**
 * OpenAPI operation ids and security requirements of the token service's routes (`/connect/*`, discovery, JWKS),
 * named `<Group>_<Action>` like the conversion and status operations (the seeds name none for these endpoints).
 * A route registered for several methods (`/connect/userinfo`: GET and POST) shares one schema; the document
 * gives every method after the first its own id (`Connect_UserInfoPost`, see document.ts). The endpoints that
 * answer OAuth errors document them with the `OAuthError` component; their JSON success bodies stay open
 * objects (fastify serializes with these schemas, which must not drop members).
 */
import { schemaRef } from './components.js';

/** Security scheme names added to the document beside the conversion scheme (see document.ts). */
export const CLIENT_BASIC_SCHEME = 'clientSecretBasic';
export const BEARER_SCHEME = 'bearerAccessToken';

type Security = Array<Record<string, string[]>>;

/** Anonymous (OpenAPI 3.0.3 §4.7.30: an empty list removes any top-level requirement). */
export const ANONYMOUS: Security = [];
/** Client authentication by HTTP Basic (RFC 6749 §2.3.1), or credentials in the form body, or none for public clients. */
const CLIENT: Security = [{ [CLIENT_BASIC_SCHEME]: [] }, {}];

const json = (schema: object) => ({ 'application/json': { schema } });
const oauthError = (description: string) => ({ description, content: json(schemaRef('OAuthError')) });
const OPEN_OBJECT = { type: 'object', additionalProperties: true };

/** Responses of an endpoint answering OAuth errors; `ok` describes its 200 (JSON object unless `empty`). */
function oauthResponses(ok: string, empty = false) {
  return {
    200: empty ? { description: ok, type: 'null' } : { description: ok, content: json(OPEN_OBJECT) },
    400: oauthError('The request is malformed or the grant, scope or token is refused (RFC 6749 §5.2).'),
    401: oauthError('Client authentication failed (`invalid_client`) or the access token is invalid (`invalid_token`, RFC 6750 §3.1).'),
    default: oauthError('Any other failure: `temporarily_unavailable` (503, `Retry-After`), `server_error` (500).'),
  };
}

interface ConnectOperation {
  operationId: string;
  security: Security;
  response?: object;
}

const CONNECT_OPERATIONS: Readonly<Record<string, ConnectOperation>> = {
  '/.well-known/openid-configuration': { operationId: 'Discovery_GetConfiguration', security: ANONYMOUS },
  '/.well-known/openid-configuration/jwks': { operationId: 'Discovery_GetJwks', security: ANONYMOUS },
  '/connect/authorize': { operationId: 'Connect_Authorize', security: ANONYMOUS },
  '/connect/token': { operationId: 'Connect_Token', security: CLIENT, response: oauthResponses('The token response (RFC 6749 §5.1).') },
  '/connect/deviceauthorization': { operationId: 'Connect_DeviceAuthorization', security: CLIENT, response: oauthResponses('The device authorization response (RFC 8628 §3.2).') },
  '/connect/introspect': { operationId: 'Connect_Introspect', security: CLIENT, response: oauthResponses('The introspection response (RFC 7662 §2.2).') },
  '/connect/revocation': { operationId: 'Connect_Revocation', security: CLIENT, response: oauthResponses('The token is revoked, or was not valid (RFC 7009 §2.2).', true) },
  '/connect/par': {
    operationId: 'Connect_PushedAuthorizationRequest',
    security: CLIENT,
    response: (({ 200: _, ...errors }) => ({ 201: { description: 'The request_uri of the pushed request and its expires_in (RFC 9126 §2.2).', content: json(OPEN_OBJECT) }, ...errors }))(oauthResponses('')),
  },
  '/connect/userinfo': {
    operationId: 'Connect_UserInfo',
    security: [{ [BEARER_SCHEME]: [] }],
    response: { ...oauthResponses('The claims of the user (OIDC Core §5.3.2).'), 403: oauthError('The token lacks the `openid` scope (`insufficient_scope`).') },
  },
};

/**
 * The `operationId`, `security` and (for endpoints answering OAuth errors) `response` members of a token
 * service route's schema.
 * @throws Error for a path without an entry (a new endpoint must be named here)
 */
export function connectOperation(path: string): ConnectOperation {
  const operation = CONNECT_OPERATIONS[path];
  if (!operation) throw new Error(`no OpenAPI operation id for ${path} (gateway/openapi/operations.ts)`);
  return operation;
}
