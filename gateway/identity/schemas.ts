/**
 * Request bodies of the account operations as AVACloud 1.27 declares them (Dangl-IT/avacloud-client-python,
 * avacloud_client_python/models/{login_post,token_login_post,token_refresh_post,register_post,forgot_password_post}.py):
 * for the OpenAPI document only. The handlers check the bodies themselves ({@link DOCUMENTED_ONLY}: no schema
 * validation, which would also coerce `5` to `"5"`), so each endpoint answers a malformed body in its own shape
 * (`TokenResponseGet` or `ApiError`).
 */
import { schemaRef } from '../openapi/components.js';
import { ANONYMOUS } from '../openapi/operations.js';
import { IDENTITY_TAG } from './context.js';

const text = (minLength: number, description?: string) => ({ type: 'string', minLength, ...(description && { description }) });

export const LOGIN_POST = {
  type: 'object', title: 'LoginPost', required: ['identifier', 'password'],
  properties: { identifier: text(1, 'User name or e-mail address.'), password: text(1), staySignedIn: { type: 'boolean', description: 'A persistent cookie (else one for the browser session).' } },
} as const;

export const TOKEN_LOGIN_POST = {
  type: 'object', title: 'TokenLoginPost', required: ['identifier', 'password'],
  properties: { identifier: text(1, 'User name or e-mail address.'), password: text(1) },
} as const;

export const TOKEN_REFRESH_POST = {
  type: 'object', title: 'TokenRefreshPost', required: ['refreshToken'], properties: { refreshToken: text(1) },
} as const;

export const REGISTER_POST = {
  type: 'object', title: 'RegisterPost', required: ['username', 'email', 'password'],
  properties: {
    username: text(1), email: text(1), password: text(10, 'At least 10 characters (or the configured minimum), not one of the most common passwords.'),
    preferredLanguages: { type: 'array', items: { type: 'string' }, description: 'BCP 47 tags, most preferred first: the language of mails.' },
  },
} as const;

export const FORGOT_PASSWORD_POST = {
  type: 'object', title: 'ForgotPasswordPost', required: ['identifier'],
  properties: { identifier: text(1, 'User name or e-mail address.'), preferredLanguages: { type: 'array', items: { type: 'string' } } },
} as const;

const json = (schema: object) => ({ 'application/json': { schema } });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: schemaRef('ProblemDetails') } } });
const empty = (description: string) => ({ description, type: 'null' });
const tokenAnswer = (description: string) => ({ description, content: json(schemaRef('TokenResponseGet')) });

/** The `schema` of each operation: id, tag, body and the responses of the seed's table (plus `default`). */
export const IDENTITY_SCHEMAS = {
  login: {
    operationId: 'ServiceIdentity_LoginWithCookie', tags: [IDENTITY_TAG], security: ANONYMOUS, summary: 'Signs in with a cookie (the session of /connect/authorize)',
    querystring: { type: 'object', properties: { redirectUrl: { type: 'string', description: 'Followed (302) only when relative or on an allowed origin; otherwise ignored.' } } },
    body: LOGIN_POST,
    response: {
      204: empty('Signed in: the session cookie is set.'),
      302: empty('Signed in, redirected to `redirectUrl`.'),
      401: problem('Wrong identifier or password, or sign-in paused after repeated failures (one answer for all).'),
      default: problem('Malformed body (400), body over 16 KiB (413), not JSON (415), too many requests (429), store unavailable (503).'),
    },
  },
  logout: {
    operationId: 'ServiceIdentity_SignOutWithSignInManager', tags: [IDENTITY_TAG], security: ANONYMOUS, summary: 'Ends the cookie session',
    response: { 204: empty('Signed out (also when no session existed).') },
  },
  tokenLogin: {
    operationId: 'ServiceIdentity_LoginAndReturnToken', tags: [IDENTITY_TAG], security: ANONYMOUS, summary: 'The password grant of the first-party client, as TokenResponseGet',
    body: TOKEN_LOGIN_POST,
    response: { 200: tokenAnswer('Tokens.'), 400: tokenAnswer('Malformed body, or token login not configured.'), 401: tokenAnswer('Wrong identifier or password, or a paused account.'), default: tokenAnswer('413 (body over 16 KiB), 415 (not JSON), 429 or 503.') },
  },
  tokenRefresh: {
    operationId: 'ServiceIdentity_RefreshToken', tags: [IDENTITY_TAG], security: ANONYMOUS, summary: 'The refresh_token grant of the first-party client, as TokenResponseGet',
    body: TOKEN_REFRESH_POST,
    response: { 200: tokenAnswer('New tokens (the refresh token rotates as the client is configured).'), 400: tokenAnswer('Malformed body.'), 401: tokenAnswer('Unknown, expired, reused or revoked refresh token.'), default: tokenAnswer('413 (body over 16 KiB), 415 (not JSON), 429 or 503.') },
  },
  register: {
    operationId: 'ServiceIdentity_Register', tags: [IDENTITY_TAG], security: ANONYMOUS, summary: 'Registers an account',
    querystring: { type: 'object', properties: { tenant: { type: 'string', description: 'Tenant to register in (default: auth.accounts.registrationTenant or the default tenant).' } } },
    body: REGISTER_POST,
    response: { 204: empty('Registered (a confirmation link is mailed when the tenant asks for one).'), 400: problem('ApiError naming each invalid field, or registration closed.'), default: problem('413 (body over 16 KiB), 415 (not JSON), 429 or 503.') },
  },
  passwordForgotten: {
    operationId: 'ServiceIdentity_RequestPasswordReset', tags: [IDENTITY_TAG], security: ANONYMOUS, summary: 'Mails a password reset link when the account exists',
    body: FORGOT_PASSWORD_POST,
    response: { 204: empty('Always, whether or not the account exists.'), default: problem('Malformed body or reset disabled (400), body over 16 KiB (413), not JSON (415), 429.') },
  },
} as const;

/** Route options that keep a schema for the document but validate nothing (the handlers check their input). */
export const DOCUMENTED_ONLY = { validatorCompiler: () => () => true } as const;
