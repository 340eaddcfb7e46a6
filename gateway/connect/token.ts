/**
 * `POST /connect/token` (RFC 6749 §3.2): client authentication, grant type dispatch to the grant plugins,
 * parameter filtering (only the grant's declared parameters reach it; repeats are rejected), errors per §5.2.
 */
import type { FastifyInstance } from 'fastify';
import { authenticateClient } from '../../core/auth/client-auth.js';
import type { GrantRegistry } from '../../core/auth/grant-registry.js';
import { OAuthError, invalidRequest } from '../../core/auth/oauth-error.js';
import type { AuthServices } from '../../core/auth/services.js';
import { Form } from './form.js';
import { noStore, requestBase, sendOAuthError } from './reply.js';

export function registerTokenEndpoint(app: FastifyInstance, auth: AuthServices, grants: GrantRegistry): void {
  app.post('/connect/token', {
    schema: {
      tags: ['OAuth 2.0 / OpenID Connect'],
      summary: 'Token endpoint (RFC 6749 §3.2): grant types ' + grants.grantTypes().join(', '),
      consumes: ['application/x-www-form-urlencoded'],
    },
    validatorCompiler: () => (data: unknown) => ({ value: data }),
    handler: async (request, reply) => {
      try {
        const form = Form.of(request);
        const issuer = auth.issuerFor(requestBase(request));
        const { client, method } = authenticateClient(
          request.headers.authorization,
          { client_id: form.get('client_id'), client_secret: form.get('client_secret') },
          (id) => auth.clients.client(id),
          issuer,
        );
        const grantType = form.get('grant_type');
        if (!grantType) throw invalidRequest('grant_type is required');
        const grant = grants.grant(grantType);
        if (!grant) throw new OAuthError('unsupported_grant_type', `grant type ${grantType} is not supported`);
        if (!client.allowedGrantTypes.includes(grantType)) throw new OAuthError('unauthorized_client', `client ${client.clientId} may not use grant type ${grantType}`);
        const params = form.pick(grant.parameters, grant.allowedDuplicates);
        const body = await grant.handle({ client, clientAuthMethod: method, params, issuer }, auth);
        return noStore(reply).type('application/json').send(body);
      } catch (err) {
        return sendOAuthError(request, reply, err);
      }
    },
  });
}
