/**
 * The browser side of `/connect` (the interactive half of an OpenID Provider): authorization endpoint, login and
 * consent forms, device verification page, end-session endpoint, connected-applications page and federation
 * (`./federation/`), registered in one encapsulation context that
 * adds the security headers (`./pages/html.ts`) to all of them and reads cookies (@fastify/cookie, signed with
 * `auth.session.cookieSecret` or, when absent, a random secret of this process).
 */
import cookie from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../../core/auth/services.js';
import { registerAuthorizeEndpoint } from './authorize.js';
import { BrowserSessions } from './browser-session.js';
import { registerConsentForm } from './consent.js';
import { registerDeviceVerificationPage } from './device-verification.js';
import { registerEndSessionEndpoint } from './end-session.js';
import { registerGrantsPage } from './grants-page.js';
import { registerFederationRoutes } from './federation/routes.js';
import { UpstreamProviders } from './federation/upstream.js';
import { registerLoginForm } from './login.js';
import { installSecurityHeaders } from './pages/html.js';
import type { BrowserContext } from './interaction.js';

/**
 * @param extend registers further routes in the same context (the `/identity/*` account endpoints), so they share
 *   the session cookie, its secret and the security headers
 */
export async function registerBrowserRoutes(app: FastifyInstance, auth: AuthServices, extend?: (scope: FastifyInstance, ctx: BrowserContext) => void): Promise<void> {
  const secret = auth.config.session.cookieSecret ?? randomBytes(32).toString('base64url');
  await app.register(async (scope) => {
    await scope.register(cookie, { secret });
    installSecurityHeaders(scope);
    const ctx = { auth, sessions: new BrowserSessions(auth, secret), upstream: new UpstreamProviders() };
    registerAuthorizeEndpoint(scope, ctx);
    registerLoginForm(scope, ctx);
    registerConsentForm(scope, ctx);
    registerDeviceVerificationPage(scope, ctx);
    registerEndSessionEndpoint(scope, ctx);
    registerGrantsPage(scope, ctx);
    registerFederationRoutes(scope, ctx);
    extend?.(scope, ctx);
  });
}
