/**
 * The device flow's verification page at `verification_uri` (`auth.deviceFlow.verificationPath`, RFC 8628 §3.3):
 * - `GET` without `user_code`: a form to enter the code;
 * - `GET ?user_code=…` (also `verification_uri_complete`, §3.3.1): the sign-in page when nobody is signed in, or
 *   the session does not fit the request (an identity provider its client restricts away, a user of another tenant)
 *   (continuing here; with a button per identity provider of the request's tenant its client may use, whose
 *   sign-in returns here: `federation/routes.ts`), else which client asks for which scopes, with the code to
 *   compare and allow/deny buttons;
 *   an unknown, expired or decided code shows the entry form with a message;
 * - `POST` (`csrf`, `user_code`, `decision` `allow`|`deny`): approves for the signed-in user (`approveDevice`:
 *   the device's next poll gets tokens, with the session's `amr` and identity provider) or denies (`access_denied`).
 */
import type { FastifyInstance } from 'fastify';
import { approveDevice, denyDevice, describeDeviceRequest, type PendingDeviceRequest } from '../../core/auth/device-authorizations.js';
import type { AuthServices } from '../../core/auth/services.js';
import { OAuthError } from '../../core/auth/oauth-error.js';
import { normalizeUserCode } from '../../core/stores/grant-store.js';
import { CSRF_FIELD, type CurrentSession } from './browser-session.js';
import { LOGIN_PATH, localeOf, scopesInWords, type BrowserContext } from './interaction.js';
import { FEDERATION_START_PATH, providersFor, sessionProviderAllowed } from './federation/providers.js';
import { cspOrigin, sendPage } from './pages/html.js';
import { text } from './pages/texts.js';
import { deviceConfirmPage, deviceEntryPage, errorPage, loginPage, messagePage } from './pages/views.js';
import { pageRoute } from './page-route.js';

/**
 * Whether the signed-in session may approve the device request, as for an authorization request
 * (`interaction.ts` `sessionFits`): its identity provider is one the client allows, and its user belongs to the
 * request's tenant. Otherwise the page asks for a sign-in that fits.
 */
function sessionFitsDevice(auth: AuthServices, current: CurrentSession | undefined, pending: PendingDeviceRequest): current is CurrentSession {
  if (!current || !sessionProviderAllowed(pending.client, current.session.idp)) return false;
  const tenants = current.user.tenants;
  return tenants.length === 0 || tenants.includes(pending.tenant ?? auth.tenants.defaultTenant);
}

/**
 * A user code as the device shows it (`generateUserCode`: upper case, two halves joined by a hyphen, the first one
 * longer for odd lengths), from the form it was typed in (`qbxnfxhg`, `qbxn fxhg` → `QBXN-FXHG`), by the
 * normaliser the lookup uses ({@link normalizeUserCode}).
 */
export function displayUserCode(userCode: string): string {
  const code = normalizeUserCode(userCode);
  const half = Math.ceil(code.length / 2);
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

export function registerDeviceVerificationPage(app: FastifyInstance, ctx: BrowserContext): void {
  const path = ctx.auth.config.deviceFlow.verificationPath;
  app.get(path, { schema: { hide: true } }, pageRoute(async (request, reply, params) => {
    const { auth } = ctx;
    const locale = localeOf(request, params.get('ui_locales'));
    const csrf = ctx.sessions.csrfToken(request, reply);
    const form = { csrf, action: path, locale };
    const userCode = params.get('user_code')?.trim();
    if (!userCode) return sendPage(reply, deviceEntryPage(form));
    const pending = await describeDeviceRequest(auth, userCode);
    if (!pending) return sendPage(reply, deviceEntryPage(form, userCode));
    const current = await ctx.sessions.current(request);
    if (!sessionFitsDevice(auth, current, pending)) {
      const returnTo = `${path}?${new URLSearchParams({ user_code: userCode, ui_locales: locale })}`;
      const tenant = pending.tenant === undefined ? undefined : auth.tenants.tenant(pending.tenant);
      const providers = providersFor(auth, pending.tenant ?? auth.tenants.defaultTenant, pending.client);
      return sendPage(reply, loginPage({ ...form, action: LOGIN_PATH }, {
        client: pending.client.clientName ?? pending.client.clientId, returnTo,
        ...(tenant && pending.tenant !== auth.tenants.defaultTenant && { tenant: tenant.displayName ?? tenant.name }),
        providers: providers.map((p) => ({ name: p.name, label: p.displayName ?? p.name })),
        providerAction: FEDERATION_START_PATH,
        // the provider form's answer redirects to the provider: CSP form-action covers redirects after a submission
        formAction: providers.map((p) => cspOrigin(p.issuer)).filter((o): o is string => o !== undefined),
      }));
    }
    return sendPage(reply, deviceConfirmPage(form, {
      client: pending.client.clientName ?? pending.client.clientId,
      user: current.user.claims.name ?? current.user.userName,
      userCode: displayUserCode(userCode),
      scopes: scopesInWords(auth, pending.scopes, locale),
    }));
  }));

  app.post(path, { schema: { hide: true } }, pageRoute(async (request, reply, form) => {
    const { auth } = ctx;
    const locale = localeOf(request, form.get('ui_locales'));
    if (!ctx.sessions.csrfValid(request, form.get(CSRF_FIELD) ?? undefined)) return sendPage(reply, errorPage(locale, text(locale, 'csrfFailed'), 403));
    const current = await ctx.sessions.current(request);
    const userCode = form.get('user_code') ?? '';
    const pending = await describeDeviceRequest(auth, userCode);
    if (!current || (pending !== undefined && !sessionFitsDevice(auth, current, pending))) return reply.code(303).header('location', `${path}?${new URLSearchParams({ user_code: userCode, ui_locales: locale })}`).send();
    const title = text(locale, 'deviceTitle');
    try {
      if (form.get('decision') === 'allow') {
        const result = await approveDevice(auth, userCode, {
          user: current.user, authTime: current.session.authTime, amr: current.session.amr,
          ...(current.session.idp !== undefined && { idp: current.session.idp }),
        });
        if (result.status !== 'decided') return sendPage(reply, messagePage(locale, title, text(locale, 'deviceUnknown'), 400));
        return sendPage(reply, messagePage(locale, title, text(locale, 'deviceApproved')));
      }
      const result = await denyDevice(auth, userCode);
      if (result.status !== 'decided') return sendPage(reply, messagePage(locale, title, text(locale, 'deviceUnknown'), 400));
      return sendPage(reply, messagePage(locale, title, text(locale, 'deviceDenied')));
    } catch (err) {
      if (err instanceof OAuthError) return sendPage(reply, errorPage(locale, err.description, 400));
      throw err;
    }
  }));
}
