/**
 * `POST /identity/login[?redirectUrl]` (`ServiceIdentity_LoginWithCookie`) and `DELETE /identity/login`
 * (`ServiceIdentity_SignOutWithSignInManager`): the cookie sign-in of AVACloud 1.27 (`LoginPost`: `identifier` =
 * user name or e-mail, `password`, `staySignedIn`), on the same login session and cookie (`ava.session`) as the
 * browser side of `/connect`, so a later `/connect/authorize` finds the user signed in.
 *
 * The password check runs through the password lockout (`auth.lockout`), as at the token endpoint and the login
 * page: a wrong password, an unknown, disabled or unconfirmed account and a paused name all answer the same 401
 * (OWASP Authentication Cheat Sheet, "Authentication and Error Messages"). `staySignedIn: true` sets a persistent
 * cookie (`Max-Age` = `auth.session.lifetimeSeconds`), otherwise a cookie for the browser session; the server-side
 * session lives `lifetimeSeconds` either way. `redirectUrl` is followed with 302 only when it is safe
 * (`./redirect.ts`), else ignored (204); given twice, it is a 400 before any sign-in.
 *
 * Cross-site requests: the body must be JSON (a cross-site form cannot send it without a CORS preflight), and a
 * sign-in always starts a new session id (no session fixation).
 */
import type { FastifyInstance } from 'fastify';
import { WRONG_CREDENTIALS } from '../../plugins/grants/password.js';
import { BODY_LIMIT, IDENTITY_PATHS, jsonBody, nonEmpty, sendApiError, type IdentityContext } from './context.js';
import { safeRedirect } from './redirect.js';
import { DOCUMENTED_ONLY, IDENTITY_SCHEMAS } from './schemas.js';

export function registerCookieLogin(app: FastifyInstance, ctx: IdentityContext): void {
  const { auth } = ctx;
  app.post(IDENTITY_PATHS.login, { schema: IDENTITY_SCHEMAS.login, ...DOCUMENTED_ONLY, ...BODY_LIMIT }, async (request, reply) => {
    const body = jsonBody(request);
    const identifier = nonEmpty(body, 'identifier');
    const password = nonEmpty(body, 'password');
    const stay = body?.staySignedIn;
    const errors: Record<string, string[]> = {};
    if (identifier === undefined) errors.identifier = ['identifier (user name or e-mail) is required.'];
    if (password === undefined) errors.password = ['password is required.'];
    // null as absent: clients that serialise every property send the unset `bool?` as null
    if (stay !== undefined && stay !== null && typeof stay !== 'boolean') errors.staySignedIn = ['staySignedIn must be true or false.'];
    const { redirectUrl } = request.query as { redirectUrl?: string | string[] };
    if (Array.isArray(redirectUrl)) errors.redirectUrl = ['redirectUrl may be given once at most.'];
    if (!body || Object.keys(errors).length > 0) return sendApiError(reply, body ? errors : { body: ['The body must be a JSON LoginPost object.'] });

    const user = await auth.lockout.attempt(await auth.users.lockoutName(identifier!), () => auth.users.authenticate(identifier!, password!));
    if (!user) return sendApiError(reply, { identifier: [WRONG_CREDENTIALS] }, 401);
    await ctx.sessions.signIn(request, reply, user, { amr: ['pwd'] }, stay === true);
    const target = safeRedirect(redirectUrl as string | undefined, auth.issuer, auth.config.accounts.allowedRedirectOrigins);
    reply.header('cache-control', 'no-store');
    return target ? reply.code(302).header('location', target).send() : reply.code(204).send();
  });

  app.delete(IDENTITY_PATHS.login, { schema: IDENTITY_SCHEMAS.logout }, async (request, reply) => {
    await ctx.sessions.signOut(request, reply);
    return reply.code(204).header('cache-control', 'no-store').send();
  });
}
