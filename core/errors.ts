/**
 * The gateway's typed errors: one catalogue with a stable code, an HTTP status and whether the message may be
 * shown to the caller (`expose`, true for every 4xx). Conversion failures render as
 * `{"errors": {"<key>": ["message"]}}` with `application/problem+json` (reference/avacloud-api.md §2.1).
 */
export const ERROR_CODES = {
  GW_ERR_PARSE: { statusCode: 400, title: 'The input file could not be read' },
  GW_ERR_INPUT: { statusCode: 400, title: 'The request input is missing or of the wrong kind' },
  GW_ERR_OPTION: { statusCode: 400, title: 'An option value is not allowed' },
  GW_ERR_TARGET_CONSTRAINT: { statusCode: 400, title: 'The project cannot be written to the target' },
  GW_ERR_UNSUPPORTED_CONVERSION: { statusCode: 404, title: 'No such conversion' },
  GW_ERR_TOO_LARGE: { statusCode: 413, title: 'The upload is larger than the configured limit' },
  GW_ERR_PLUGIN_LOAD: { statusCode: 500, title: 'A plugin could not be loaded' },
  GW_ERR_CONFIG: { statusCode: 500, title: 'The configuration is invalid' },
  GW_ERR_INTERNAL: { statusCode: 500, title: 'Internal error' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class GatewayError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly expose: boolean;
  /** Error key → messages, rendered as the `errors` dictionary (key: option name, item number or field). */
  readonly errors: Record<string, string[]>;

  /**
   * @param code   catalogue code; decides the HTTP status
   * @param message human readable text naming the problem
   * @param key    the `errors` dictionary key (defaults to the code)
   */
  constructor(code: ErrorCode, message: string, key?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayError';
    this.code = code;
    this.statusCode = ERROR_CODES[code].statusCode;
    this.expose = this.statusCode < 500;
    this.errors = { [key ?? code]: [message] };
  }
}

/** A reader's failure on malformed input: 400, keyed by the input field or location. */
export const parseError = (message: string, key = 'file', cause?: unknown) =>
  new GatewayError('GW_ERR_PARSE', message, key, { cause });

/** A writer's failure: the project cannot be expressed in the target (400, keyed by item number when known). */
export const targetError = (message: string, key = 'project') => new GatewayError('GW_ERR_TARGET_CONSTRAINT', message, key);
