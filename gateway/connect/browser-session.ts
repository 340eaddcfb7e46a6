/**
 * The browser's login session and CSRF protection on the browser side of `/connect`.
 *
 * - Session cookie `ava.session`: the session id (`LoginSessions`), signed with `auth.session.cookieSecret`
 *   (@fastify/cookie, HMAC-SHA256), `HttpOnly`, `SameSite=Lax`, `Path=/`, `Secure` when the issuer is `https`
 *   (OWASP Session Management Cheat Sheet, "Cookies"). A sign-in always sets a new id.
 * - CSRF: the "signed double-submit cookie" pattern (OWASP Cross-Site Request Forgery Prevention Cheat Sheet):
 *   cookie `ava.csrf` holds a random value; every form carries `csrf` = HMAC-SHA256(secret, that value), which a
 *   cross-site page can neither read nor compute; a POST whose field does not match is refused with a 403 page.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountUser } from '../../core/auth/users.js';
import type { AuthServices } from '../../core/auth/services.js';
import type { LoginSession, SignInMethod } from '../../core/auth/sessions.js';

export const SESSION_COOKIE = 'ava.session';
export const CSRF_COOKIE = 'ava.csrf';
/** Name of the CSRF field of every form. */
export const CSRF_FIELD = 'csrf';

/** The signed-in user of a request: the session, its id and the (still enabled) user. */
export interface CurrentSession {
  id: string;
  session: LoginSession;
  user: AccountUser;
}

export class BrowserSessions {
  private readonly secure: boolean;

  constructor(
    private readonly auth: AuthServices,
    private readonly secret: string,
  ) {
    this.secure = auth.issuer.startsWith('https:');
  }

  private cookieOptions(maxAge?: number) {
    return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: this.secure, signed: true, ...(maxAge !== undefined && { maxAge }) };
  }

  /** The request's live session whose user still exists and is enabled, else undefined. @throws GrantStoreError `backend_error` */
  async current(request: FastifyRequest): Promise<CurrentSession | undefined> {
    const id = this.unsigned(request, SESSION_COOKIE);
    if (!id) return undefined;
    const session = await this.auth.sessions.find(id);
    const user = session && (await this.auth.users.bySubjectId(session.subject));
    // A session started before the account's credentials changed (password reset) has ended.
    const current = session && user && !user.disabled && (session.stamp ?? '') === (user.securityStamp ?? '');
    return current ? { id, session, user } : undefined;
  }

  /**
   * Starts a new session for the user (ending the request's old one) and sets its cookie: persistent (`Max-Age` =
   * the session's lifetime) unless `persistent` is false (a browser-session cookie, `/identity/login` without
   * `staySignedIn`).
   */
  async signIn(request: FastifyRequest, reply: FastifyReply, user: AccountUser, how: SignInMethod, persistent = true): Promise<CurrentSession> {
    const old = this.unsigned(request, SESSION_COOKIE);
    if (old) await this.auth.sessions.end(old);
    const { id, session } = await this.auth.sessions.start(user, how);
    reply.setCookie(SESSION_COOKIE, id, this.cookieOptions(persistent ? this.auth.config.session.lifetimeSeconds : undefined));
    return { id, session, user };
  }

  /** Ends the request's session (everywhere: the record is removed) and clears its cookie. */
  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const id = this.unsigned(request, SESSION_COOKIE);
    if (id) await this.auth.sessions.end(id);
    reply.clearCookie(SESSION_COOKIE, this.cookieOptions());
  }

  /** The CSRF field value for a form on this response (sets the CSRF cookie when the request has none). */
  csrfToken(request: FastifyRequest, reply: FastifyReply): string {
    let value = this.unsigned(request, CSRF_COOKIE);
    if (!value) {
      value = randomBytes(32).toString('base64url');
      reply.setCookie(CSRF_COOKIE, value, this.cookieOptions());
      // A second form on the same response must see the same value.
      (request.cookies as Record<string, string>)[CSRF_COOKIE] = reply.signCookie(value);
    }
    return this.mac(value);
  }

  /** Whether a posted `csrf` field matches the request's CSRF cookie. */
  csrfValid(request: FastifyRequest, field: string | undefined): boolean {
    const value = this.unsigned(request, CSRF_COOKIE);
    if (!value || !field) return false;
    const expected = Buffer.from(this.mac(value));
    const actual = Buffer.from(field);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private mac(value: string): string {
    return createHmac('sha256', this.secret).update('csrf:' + value).digest('base64url');
  }

  private unsigned(request: FastifyRequest, name: string): string | undefined {
    const raw = request.cookies[name];
    if (!raw) return undefined;
    const result = request.unsignCookie(raw);
    return result.valid && result.value ? result.value : undefined;
  }
}
