/**
 * `POST /connect/token` (RFC 6749 §3.2): client authentication, grant type dispatch to the grant plugins,
 * parameter filtering (only the grant's declared parameters reach it; repeats are rejected), errors per §5.2.
 * A `DPoP` proof (RFC 9449 §5, `./dpop.ts`) binds the issued tokens to its key: the grant gets a token service
 * that adds `cnf.jkt`, and `token_type` becomes `DPoP`.
 */
import type { FastifyInstance } from 'fastify';
import type { GrantRegistry } from '../../core/auth/grant-registry.js';
import { OAuthError, invalidRequest } from '../../core/auth/oauth-error.js';
import type { AuthServices } from '../../core/auth/services.js';
import { CONNECT_PATHS } from './discovery.js';
import { nextDpopNonce, tokenRequestProof } from './dpop.js';
import { Form, authenticateFormClient, formEndpoint } from './form.js';
import { noStore } from './reply.js';

export function registerTokenEndpoint(app: FastifyInstance, auth: AuthServices, grants: GrantRegistry): void {
  formEndpoint(app, CONNECT_PATHS.token, 'Token endpoint (RFC 6749 §3.2): grant types ' + grants.grantTypes().join(', '), async (request, reply) => {
    const form = Form.of(request);
    const { client, method } = authenticateFormClient(request, form, auth);
    const grantType = form.get('grant_type');
    if (!grantType) throw invalidRequest('grant_type is required');
    const grant = grants.grant(grantType);
    if (!grant) throw new OAuthError('unsupported_grant_type', `grant type ${grantType} is not supported`);
    if (!client.allowedGrantTypes.includes(grantType)) throw new OAuthError('unauthorized_client', `client ${client.clientId} may not use grant type ${grantType}`);
    const params = form.pick(grant.parameters, grant.allowedDuplicates);
    const proof = await tokenRequestProof(auth, request, client);
    const ctx = proof ? { ...auth, tokens: auth.tokens.boundTo(proof.jkt) } : auth;
    const body = await grant.handle({ client, clientAuthMethod: method, params, issuer: auth.issuer }, ctx);
    if (proof && body.token_type === 'Bearer') body.token_type = 'DPoP';
    const nonce = proof ? nextDpopNonce(auth, client) : undefined;
    if (nonce !== undefined) reply.header('dpop-nonce', nonce);
    return noStore(reply).type('application/json').send(body);
  });
}
