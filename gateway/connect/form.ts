/**
 * `application/x-www-form-urlencoded` request bodies of the `/connect/*` endpoints, kept as raw text by the
 * app's content-type parser and parsed here so that repeated parameters can be rejected
 * (RFC 6749 §3.2: "parameters MUST NOT be included more than once").
 */
import type { FastifyRequest } from 'fastify';
import { invalidRequest } from '../../core/auth/oauth-error.js';

export class Form {
  private constructor(private readonly values: Map<string, string[]>) {}

  /**
   * @throws OAuthError invalid_request when the body is not form-encoded
   */
  static of(request: FastifyRequest): Form {
    const type = String(request.headers['content-type'] ?? '');
    if (!/^application\/x-www-form-urlencoded\b/i.test(type) || typeof request.body !== 'string') {
      throw invalidRequest('the request body must be application/x-www-form-urlencoded');
    }
    const values = new Map<string, string[]>();
    for (const [k, v] of new URLSearchParams(request.body)) {
      const list = values.get(k);
      if (list) list.push(v);
      else values.set(k, [v]);
    }
    return new Form(values);
  }

  /**
   * The single value of a parameter, undefined when absent or empty.
   * @throws OAuthError invalid_request when it is repeated
   */
  get(name: string): string | undefined {
    const list = this.values.get(name);
    if (!list) return undefined;
    if (list.length > 1) throw invalidRequest(`parameter ${name} is repeated`);
    return list[0] === '' ? undefined : list[0];
  }

  /**
   * The named parameters that are present, each once (repeats of `joinable` ones joined with a space);
   * everything else in the body is ignored.
   * @throws OAuthError invalid_request for a repeated parameter that may not repeat
   */
  pick(names: readonly string[], joinable: readonly string[] = []): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of names) {
      const list = this.values.get(name);
      if (!list) continue;
      if (list.length > 1 && !joinable.includes(name)) throw invalidRequest(`parameter ${name} is repeated`);
      const value = list.join(' ');
      if (value !== '') out[name] = value;
    }
    return out;
  }
}
