/**
 * `application/x-www-form-urlencoded` request bodies of the `/connect/*` endpoints, kept as raw text by the
 * app's content-type parser and parsed here so that repeated parameters can be rejected
 * (RFC 6749 §3.2: "parameters MUST NOT be included more than once").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticateClient, type AuthenticatedClient } from '../../core/auth/client-auth.js';
import { invalidRequest } from '../../core/auth/oauth-error.js';
import type { AuthServices } from '../../core/auth/services.js';
import { connectOperation } from '../openapi/operations.js';
import { sendOAuthError } from './reply.js';

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

/**
 * Registers a form-encoded `POST` endpoint of `/connect/*`: documented in OpenAPI, no schema validation (the
 * handler reads the {@link Form}), and every thrown error rendered as an OAuth error response.
 */
export function formEndpoint(
  app: FastifyInstance,
  path: string,
  summary: string,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.post(path, {
    schema: { tags: ['OAuth 2.0 / OpenID Connect'], summary, consumes: ['application/x-www-form-urlencoded'], ...connectOperation(path) },
    validatorCompiler: () => (data: unknown) => ({ value: data }),
    handler: async (request, reply) => {
      try {
        return await handler(request, reply);
      } catch (err) {
        return sendOAuthError(request, reply, err);
      }
    },
  });
}

/**
 * Authenticates the client of a form request (token, device authorization, revocation; RFC 6749 §2.3.1).
 * @returns the client and its authentication method
 * @throws OAuthError invalid_request / invalid_client (see `authenticateClient`; the Basic realm is the issuer)
 */
export function authenticateFormClient(request: FastifyRequest, form: Form, auth: AuthServices): AuthenticatedClient {
  return authenticateClient(
    request.headers.authorization,
    { client_id: form.get('client_id'), client_secret: form.get('client_secret') },
    (id) => auth.clients.client(id),
    auth.issuer,
  );
}
