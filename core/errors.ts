/**
 * The gateway's typed errors: one catalogue with a stable code, an HTTP status, a title (the same for every
 * occurrence, RFC 9457 §3.1.3), when it happens, and whether the message may be shown to the caller (`expose`:
 * every 4xx, and the 5xx that name a temporary state rather than a fault). Over HTTP they render as
 * `application/problem+json` `{type, title, status, code, errors}` (gateway/problem.ts); `errors` keeps the
 * replaced service's shape `{"<key>": ["message"]}` (AVACloud 1.27.4 API endpoints (Dangl-IT/avacloud-client-python, avacloud_client_python/api)).
 */
export interface ErrorCodeEntry {
  statusCode: number;
  /** Short summary of the problem type (RFC 9457 §3.1.3). */
  title: string;
  /** When the gateway answers it; the README's error table and the problem type page show this text. */
  when: string;
  /** The message may be shown to the caller; defaults to `statusCode < 500`. */
  expose?: boolean;
}

export const ERROR_CODES = {
  GW_ERR_PARSE: { statusCode: 400, title: 'The input file could not be read', when: 'the file is malformed or not of the expected format (the message says what was expected)' },
  GW_ERR_INPUT: { statusCode: 400, title: 'The request input is missing or of the wrong kind', when: 'the file field is missing, misnamed or empty; the JSON project has a wrong shape (key = JSON path); the body is not valid JSON, not multipart or a multipart body cut short' },
  GW_ERR_OPTION: { statusCode: 400, title: 'An option value is not allowed', when: 'an option value is not allowed (key = option name)' },
  GW_ERR_TARGET_CONSTRAINT: { statusCode: 400, title: 'The project cannot be written to the target', when: 'the project cannot be written to the target, e.g. a character XML forbids (key = item number)' },
  GW_ERR_UNSUPPORTED_FORMAT: { statusCode: 400, title: 'The format needs a plugin that is not installed', when: 'a seed format without built-in reader (`aslv`) and no customer plugin for it configured (the message names the plugin contract to install)' },
  GW_ERR_UNAUTHORIZED: { statusCode: 401, title: 'Unauthorized', when: 'a conversion without a valid bearer access token (`WWW-Authenticate: Bearer`)' },
  GW_ERR_FORBIDDEN: { statusCode: 403, title: 'Forbidden', when: 'the token lacks the conversion scope, or a format is not enabled for the tenant' },
  GW_ERR_NOT_FOUND: { statusCode: 404, title: 'Not found', when: 'no route for this method and path' },
  GW_ERR_UNSUPPORTED_CONVERSION: { statusCode: 404, title: 'No such conversion', when: 'no such source/target pair (`POST /conversion/<source>/<target>`)' },
  GW_ERR_TOO_LARGE: { statusCode: 413, title: 'The upload is larger than the configured limit', when: 'the upload is larger than `limits.uploadBytes`, or has too many parts' },
  GW_ERR_UNSUPPORTED_MEDIA_TYPE: { statusCode: 415, title: 'Unsupported content type', when: 'the request body has a content type no route reads (`application/xml`, `application/octet-stream` …; the message names it and what the route reads); a file route sent JSON, text or a form answers 400 `GW_ERR_INPUT` naming the multipart field' },
  GW_ERR_UNAVAILABLE: { statusCode: 503, title: 'The service cannot take the request now', when: 'the gateway is busy or a backing service is down; retry after `Retry-After` seconds', expose: true },
  GW_ERR_TIMEOUT: { statusCode: 504, title: 'The conversion took too long', when: 'a conversion ran longer than `pool.timeoutSeconds` and was stopped', expose: true },
  GW_ERR_INTERNAL: { statusCode: 500, title: 'Internal error', when: 'an unexpected failure (logged; the body shows no internals)' },
  GW_ERR_PLUGIN_LOAD: { statusCode: 500, title: 'A plugin could not be loaded', when: 'start-up: a plugin is invalid' },
  GW_ERR_CONFIG: { statusCode: 500, title: 'The configuration is invalid', when: 'start-up: the configuration is invalid' },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Whether messages of this code may be shown to the caller (see {@link ErrorCodeEntry.expose}). */
export function isExposed(code: ErrorCode): boolean {
  const entry: ErrorCodeEntry = ERROR_CODES[code];
  return entry.expose ?? entry.statusCode < 500;
}

/**
 * The catalogue code of an HTTP failure that carries no code of its own (fastify errors, guard responses):
 * 401, 403, 404, 413, 415, 503 and 504 have their own codes, any other 4xx is `GW_ERR_INPUT`, any other 5xx
 * `GW_ERR_INTERNAL`.
 */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401: return 'GW_ERR_UNAUTHORIZED';
    case 403: return 'GW_ERR_FORBIDDEN';
    case 404: return 'GW_ERR_NOT_FOUND';
    case 413: return 'GW_ERR_TOO_LARGE';
    case 415: return 'GW_ERR_UNSUPPORTED_MEDIA_TYPE';
    case 503: return 'GW_ERR_UNAVAILABLE';
    case 504: return 'GW_ERR_TIMEOUT';
    default: return status < 500 ? 'GW_ERR_INPUT' : 'GW_ERR_INTERNAL';
  }
}

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
    this.expose = isExposed(code);
    this.errors = { [key ?? code]: [message] };
  }
}

/** A reader's failure on malformed input: 400, keyed by the input field or location. */
export const parseError = (message: string, key = 'file', cause?: unknown) =>
  new GatewayError('GW_ERR_PARSE', message, key, { cause });

/** A writer's failure: the project cannot be expressed in the target (400, keyed by item number when known). */
export const targetError = (message: string, key = 'project') => new GatewayError('GW_ERR_TARGET_CONSTRAINT', message, key);
