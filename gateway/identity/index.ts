/**
 * The account endpoints `/identity/*` of AVACloud 1.27 (`ServiceIdentity_*`; seed "Account endpoints"): cookie
 * sign-in and sign-out, token login and refresh, registration, password-forgotten, plus the pages their mailed
 * links open (password reset, e-mail confirmation). Registered inside the browser side's context of `/connect`
 * (gateway/connect/browser.ts) so they share its session cookie and security headers. Outgoing mail:
 * ./mailer.ts; background work (the reset mail) is awaited when the app closes.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../../config/defaults.js';
import type { GrantRegistry } from '../../core/auth/grant-registry.js';
import type { BrowserContext } from '../connect/interaction.js';
import { Background, type IdentityContext } from './context.js';
import { registerCookieLogin } from './login.js';
import { createMailer } from './mailer.js';
import { registerEmailConfirmation } from './confirm-email.js';
import { registerPasswordReset } from './password-reset.js';
import { createMailQuota, installIdentityRateLimits } from './rate-limit.js';
import { registerRegistration } from './register.js';
import { registerTokenLogin } from './token-login.js';

const BACKGROUNDS = new WeakMap<object, Background>();

/** The background work (mails sent after the answer) of the app using these auth services; tests await its `idle()`. */
export const accountBackground = (auth: object): Background | undefined => BACKGROUNDS.get(auth);

export function registerIdentityRoutes(scope: FastifyInstance, browser: BrowserContext, grants: GrantRegistry, config: GatewayConfig): void {
  const log = scope.log;
  const mailer = createMailer(browser.auth.config.accounts.mail, (message) => log.info(message));
  const background = new Background((err) => log.error({ err }, 'account mail or background work failed'));
  const ctx: IdentityContext = { ...browser, grants, mailer, background, mailQuota: createMailQuota(scope, config) };
  BACKGROUNDS.set(browser.auth, background);
  scope.addHook('onClose', async () => {
    await background.idle();
    mailer.close();
  });
  installIdentityRateLimits(scope, config);
  registerCookieLogin(scope, ctx);
  registerTokenLogin(scope, ctx);
  registerRegistration(scope, ctx);
  registerEmailConfirmation(scope, ctx);
  registerPasswordReset(scope, ctx);
}
