/**
 * What the `/identity/*` routes share: the browser side's context (auth services and the session cookie of
 * `/connect/authorize`, so a cookie sign-in here serves a later authorization request), the grant plugins (token
 * login runs the password and refresh grants), the mailer, the paths and the small helpers of their JSON bodies.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GrantRegistry } from '../../core/auth/grant-registry.js';
import type { BrowserContext } from '../connect/interaction.js';
import { sendProblem } from '../problem.js';
import type { Mailer } from './mailer.js';
import type { MailQuota } from './rate-limit.js';

export const IDENTITY_PATHS = {
  login: '/identity/login',
  tokenLogin: '/identity/token-login',
  tokenRefresh: '/identity/token-refresh',
  register: '/identity/register',
  passwordForgotten: '/identity/password-forgotten',
  /** The page a reset link opens (not an AVACloud operation). */
  passwordReset: '/identity/password-reset',
  /** The page a confirmation link opens (not an AVACloud operation). */
  confirmEmail: '/identity/confirm-email',
} as const;

/**
 * Route option of every `POST /identity/*`: the largest body accepted (bytes), 16 KiB. The largest valid body (a
 * `RegisterPost`: 64 + 254 + 256 characters and 10 language tags) is far smaller; the gateway-wide
 * `limits.uploadBytes` (50 MB, for conversions) would let one sign-in attempt cost about a second of parsing,
 * normalising and hashing. Larger bodies answer 413.
 */
export const BODY_LIMIT = { bodyLimit: 16 * 1024 } as const;

/** OpenAPI tag of the account operations (the vendor's clients call their class `DanglIdentityApi`). */
export const IDENTITY_TAG = 'DanglIdentity';

export interface IdentityContext extends BrowserContext {
  grants: GrantRegistry;
  mailer: Mailer;
  /** Counts an account mail; false when the account had its hourly share (./rate-limit.ts). */
  mailQuota: MailQuota;
  /**
   * Runs work after the answer has been sent (password-forgotten, so its time does not depend on the user);
   * failures are logged. Tests await `idle()`.
   */
  background: Background;
}

/** Work started after a response, tracked so that tests and shutdown can wait for it. */
export class Background {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly onError: (err: unknown) => void) {}

  run(work: () => Promise<void>): void {
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve)).then(work).catch(this.onError).finally(() => this.#running.delete(p));
    this.#running.add(p);
  }

  /** Resolves when all work started so far has finished. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }
}

/** The JSON object body of a request, or undefined when it is not an object. */
export function jsonBody(request: FastifyRequest): Record<string, unknown> | undefined {
  const body = request.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

/** A non-empty string member, else undefined. */
export const nonEmpty = (body: Record<string, unknown> | undefined, name: string): string | undefined => {
  const value = body?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * AVACloud's `ApiError` (`{errors: {field: [messages]}}`) as the gateway's problem details (gateway/problem.ts),
 * which carry the same `errors` member: 400, `GW_ERR_INPUT`.
 */
export function sendApiError(reply: FastifyReply, errors: Record<string, string[]>, status: 400 | 401 | 429 = 400) {
  if (status === 401) return sendProblem(reply, 401, 'Authentication failed', errors, 'GW_ERR_UNAUTHORIZED');
  if (status === 429) return sendProblem(reply, 429, 'Too many requests', errors, 'GW_ERR_UNAVAILABLE');
  return sendProblem(reply, 400, 'Invalid request', errors, 'GW_ERR_INPUT');
}
