/**
 * Refusals of the conversion pool that are the gateway's own condition, not the input's: no room in the queue
 * (503 Service Unavailable with `Retry-After`, RFC 9110 §15.6.4 and §10.2.3) and a conversion stopped at the time
 * limit (504 Gateway Timeout, RFC 9110 §15.6.5: the gateway's conversion back end, a worker thread, did not answer
 * in time; no `Retry-After`, since the same input would run as long again). They are not GatewayErrors because a
 * GatewayError of status 5xx is shown as a bare "Internal server error"; the conversion route renders them as
 * problem bodies of their own (see gateway/conversion/routes.ts).
 */

export abstract class PoolRejection extends Error {
  /** HTTP status of the answer. */
  abstract readonly statusCode: 503 | 504;
  /** Problem title. */
  abstract readonly title: string;
  /** The problem body's `errors` dictionary: `{ conversion: [message] }`. */
  readonly errors: Record<string, string[]>;
  /** Seconds the client should wait before retrying (`Retry-After`), when retrying can help. */
  readonly retryAfterSeconds?: number;

  constructor(message: string, retryAfterSeconds?: number) {
    super(message);
    this.errors = { conversion: [message] };
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The queue is full (or the pool is closing): 503 with `Retry-After`. */
export class PoolBusyError extends PoolRejection {
  override readonly name = 'PoolBusyError';
  readonly statusCode = 503;
  readonly title = 'The gateway is busy';
}

/** The conversion ran past `pool.timeoutSeconds` and its worker was stopped: 504. */
export class ConversionTimeoutError extends PoolRejection {
  override readonly name = 'ConversionTimeoutError';
  readonly statusCode = 504;
  readonly title = 'The conversion took too long';
}
