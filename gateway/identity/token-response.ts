/**
 * `TokenResponseGet`, the answer of `/identity/token-login` and `/identity/token-refresh` in AVACloud 1.27
 * (Dangl-IT/avacloud-client-python, avacloud_client_python/models/token_response_get.py): IdentityModel's
 * `TokenResponse` flattened (IdentityModel/IdentityModel, src/Client/Messages/TokenResponse.cs and
 * ProtocolResponse.cs): the token endpoint's members in camel case, plus `isError`, `errorType`
 * (`None | Protocol | Http | Exception | PolicyViolation`), `httpStatusCode` (the .NET `HttpStatusCode` name) and
 * `httpErrorReason`. The generated clients require `expiresIn`, `httpStatusCode`, `isError` and `errorType`, so
 * every answer carries them (`expiresIn` 0 on errors).
 */
import type { TokenResponseBody } from '../../core/auth/grant-contract.js';

export interface TokenResponseGet {
  accessToken?: string;
  identityToken?: string;
  refreshToken?: string;
  tokenType?: string;
  /** Seconds. */
  expiresIn: number;
  isError: boolean;
  errorType: 'None' | 'Protocol' | 'Http' | 'Exception' | 'PolicyViolation';
  httpStatusCode: string;
  httpErrorReason?: string;
  error?: string;
  errorDescription?: string;
}

/** .NET `HttpStatusCode` names and reason phrases (RFC 9110 §15) of the statuses these endpoints answer. */
const STATUS: Readonly<Record<number, { name: string; reason: string }>> = {
  200: { name: 'OK', reason: 'OK' },
  400: { name: 'BadRequest', reason: 'Bad Request' },
  401: { name: 'Unauthorized', reason: 'Unauthorized' },
  413: { name: 'RequestEntityTooLarge', reason: 'Content Too Large' },
  415: { name: 'UnsupportedMediaType', reason: 'Unsupported Media Type' },
  429: { name: 'TooManyRequests', reason: 'Too Many Requests' },
  500: { name: 'InternalServerError', reason: 'Internal Server Error' },
  503: { name: 'ServiceUnavailable', reason: 'Service Unavailable' },
};

/** A successful token response, flattened. */
export function tokenSuccess(body: TokenResponseBody): TokenResponseGet {
  return {
    accessToken: body.access_token,
    ...(body.id_token !== undefined && { identityToken: body.id_token }),
    ...(body.refresh_token !== undefined && { refreshToken: body.refresh_token }),
    tokenType: body.token_type,
    expiresIn: body.expires_in,
    isError: false,
    errorType: 'None',
    httpStatusCode: 'OK',
  };
}

/** An error answer with `status` and the OAuth error code (RFC 6749 §5.2) and description. */
export function tokenError(status: number, error: string, errorDescription: string): TokenResponseGet {
  const s = STATUS[status] ?? STATUS[500];
  return {
    expiresIn: 0,
    isError: true,
    errorType: status === 400 || status === 401 ? 'Protocol' : 'Http',
    httpStatusCode: s.name,
    httpErrorReason: s.reason,
    error,
    errorDescription,
  };
}

/** The JSON schema of `TokenResponseGet` (OpenAPI component and response serialisation). */
export const TOKEN_RESPONSE_GET_SCHEMA = {
  type: 'object',
  title: 'TokenResponseGet',
  description: "IdentityModel's TokenResponse flattened, as AVACloud 1.27 answers it.",
  required: ['expiresIn', 'isError', 'errorType', 'httpStatusCode'],
  properties: {
    accessToken: { type: 'string' },
    identityToken: { type: 'string' },
    refreshToken: { type: 'string' },
    tokenType: { type: 'string' },
    expiresIn: { type: 'integer', format: 'int32', description: 'Seconds the access token lives; 0 on errors.' },
    isError: { type: 'boolean' },
    errorType: { type: 'string', enum: ['None', 'Protocol', 'Http', 'Exception', 'PolicyViolation'] },
    httpStatusCode: { type: 'string', description: 'The .NET HttpStatusCode name of the status (`OK`, `BadRequest`, `Unauthorized` …).' },
    httpErrorReason: { type: 'string' },
    error: { type: 'string', description: 'The OAuth error code (RFC 6749 §5.2): invalid_request, invalid_grant …' },
    errorDescription: { type: 'string' },
  },
} as const;
