/**
 * OAuth 2.0 protocol errors, rendered by the `/connect/*` endpoints as `{error, error_description}` JSON
 * (RFC 6749 §5.2; RFC 6750 §3 for bearer errors; RFC 8628 §3.5 for device polling; RFC 7009, RFC 7662; RFC 9449
 * §5 `invalid_dpop_proof`, §8 `use_dpop_nonce`).
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'unsupported_token_type'
  | 'authorization_pending'
  | 'slow_down'
  | 'expired_token'
  | 'access_denied'
  | 'invalid_dpop_proof'
  | 'use_dpop_nonce'
  | 'server_error';

export class OAuthError extends Error {
  /**
   * @param error RFC error code
   * @param description human readable `error_description` (ASCII, RFC 6749 §5.2)
   * @param status HTTP status: 400 unless the RFC asks for another (401 `invalid_client`/`invalid_token`, 403 `insufficient_scope`)
   * @param headers extra response headers (`WWW-Authenticate`)
   */
  constructor(
    readonly error: OAuthErrorCode,
    readonly description?: string,
    readonly status = 400,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(description ? `${error}: ${description}` : error);
    this.name = 'OAuthError';
  }

  /** The JSON body of the error response. */
  body(): { error: string; error_description?: string } {
    return this.description ? { error: this.error, error_description: this.description } : { error: this.error };
  }
}

export const invalidRequest = (d: string) => new OAuthError('invalid_request', d);
export const invalidGrant = (d: string) => new OAuthError('invalid_grant', d);
export const invalidScope = (d: string) => new OAuthError('invalid_scope', d);
