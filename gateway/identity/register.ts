/**
 * `POST /identity/register[?tenant]` (`ServiceIdentity_Register`, body `RegisterPost {username, email, password,
 * preferredLanguages?}`): 204, or 400 as `ApiError` naming each invalid field.
 *
 * Rules:
 * - the tenant is `?tenant`, else `auth.accounts.registrationTenant`, else `auth.defaultTenant`; its
 *   `registration` policy (else `auth.accounts.registration`) may close registration (400 naming `registration`)
 *   or allow only some e-mail domains (400 naming `email`);
 * - `username`: 1–64 characters, no whitespace, `@` (so no user name equals someone's e-mail address; sign-in
 *   takes either) or characters of Unicode category C (control, format such as zero-width or bidi controls,
 *   unassigned, private use: RFC 8264 §9.12–9.14, so no name looks like another); `email`: ./email-address.ts
 *   (one plain address, stored in NFKC); `password`: ./passwords.ts; `preferredLanguages`: at most 10 BCP 47
 *   tags;
 * - user names and e-mail addresses are unique ignoring case and Unicode compatibility forms (atomically, in the
 *   user store): a taken user name is named. A taken e-mail address is named only when the tenant needs no
 *   e-mail confirmation; with confirmation the answer is the same 204 as a success and the address's owner gets
 *   a notice instead of a link (counted with the reset mails, ./rate-limit.ts), and the user name is held by a
 *   disabled account without address or password, as a new registration holds it, so neither the answer nor a
 *   later registration of the name tells whether an address has an account (OWASP Authentication Cheat Sheet,
 *   "Account creation"). The password is hashed in every case, so the answers take the same time;
 * - with confirmation the account signs in only after the mailed link's page confirmed it (./confirm-email.ts)
 *   (single use, `auth.accounts.emailConfirmationLifetimeSeconds`), or after a reset through a mailed reset link
 *   (./password-reset.ts); once that link has expired, a registration of the same name or address deletes the
 *   unconfirmed account first, so that nobody keeps a name or someone else's address by never confirming.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RegistrationPolicy } from '../../core/auth/config.js';
import { hashPassword } from '../../core/auth/users.js';
import { sendAddressTakenMail, sendConfirmationMail } from './account-mail.js';
import { BODY_LIMIT, IDENTITY_PATHS, jsonBody, sendApiError, type IdentityContext } from './context.js';
import { EMAIL_RULE, emailAddress } from './email-address.js';
import { checkPassword } from './passwords.js';
import { DOCUMENTED_ONLY, IDENTITY_SCHEMAS } from './schemas.js';
import { accountText, mailLocale, passwordText } from './texts.js';

const USER_NAME = /^[^\s@\p{C}]{1,64}$/u;
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/** The e-mail domain, lower case. */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export function registerRegistration(app: FastifyInstance, ctx: IdentityContext): void {
  const { auth } = ctx;
  const accounts = auth.config.accounts;

  /**
   * Deletes the account `identifier` names when it is a registration still waiting for its e-mail confirmation
   * whose link has expired (`emailConfirmationLifetimeSeconds` after it was made; a name held for a registration
   * with a taken address alike): nobody can confirm it any more, and it would keep its name and address from
   * everyone for ever. Configured, confirmed and federated accounts are never touched.
   * @returns whether an account was deleted
   */
  const freeExpired = async (identifier: string, log: FastifyBaseLogger): Promise<boolean> => {
    const holder = await auth.users.store.byIdentifier(identifier);
    if (!holder || holder.emailConfirmationRequired !== true || holder.emailConfirmed) return false;
    if (holder.createdAt + accounts.emailConfirmationLifetimeSeconds > auth.now()) return false;
    await auth.users.delete(holder.subject);
    log.info({ subject: holder.subject }, 'expired unconfirmed registration deleted: its name or address was registered again');
    return true;
  };

  app.post(IDENTITY_PATHS.register, { schema: IDENTITY_SCHEMAS.register, ...DOCUMENTED_ONLY, ...BODY_LIMIT }, async (request, reply) => {
    const body = jsonBody(request);
    if (!body) return sendApiError(reply, { body: ['The body must be a JSON RegisterPost object.'] });
    const tenantName = (request.query as { tenant?: string }).tenant ?? accounts.registrationTenant ?? auth.config.defaultTenant;
    const tenant = auth.tenants.tenant(tenantName);
    if (!tenant) return sendApiError(reply, { tenant: [`Tenant ${tenantName} is unknown.`] });
    const policy: RegistrationPolicy = tenant.registration ?? accounts.registration;
    if (!policy.enabled) return sendApiError(reply, { registration: [`Registration is closed for tenant ${tenant.name}.`] });

    const errors: Record<string, string[]> = {};
    const { username, password, preferredLanguages } = body;
    const email = typeof body.email === 'string' ? emailAddress(body.email) : undefined;
    if (typeof username !== 'string' || !USER_NAME.test(username)) errors.username = ['username is required: 1 to 64 characters without spaces, control or format characters or @.'];
    if (email === undefined) errors.email = [EMAIL_RULE];
    else if (policy.allowedEmailDomains.length > 0 && !policy.allowedEmailDomains.some((d) => d.toLowerCase() === domainOf(email))) {
      errors.email = [`Registration for tenant ${tenant.name} is open to these e-mail domains only: ${policy.allowedEmailDomains.join(', ')}.`];
    }
    if (typeof password !== 'string') errors.password = ['password is required.'];
    else {
      const problem = await checkPassword(password, accounts.minimumPasswordLength);
      if (problem) errors.password = [passwordText('en', problem)];
    }
    const languages = preferredLanguages ?? [];
    if (!Array.isArray(languages) || languages.length > 10 || !languages.every((l) => typeof l === 'string' && LANGUAGE_TAG.test(l))) {
      errors.preferredLanguages = ['preferredLanguages must be a list of at most 10 BCP 47 language tags (de, en-GB …).'];
    }
    if (Object.keys(errors).length > 0) return sendApiError(reply, errors);

    const user = {
      subject: randomUUID(), userName: username as string, email: email as string, emailConfirmed: false, passwordHash: await hashPassword(password as string),
      tenant: tenant.name, preferredLanguages: languages as string[], claims: {}, roles: [], createdAt: Math.floor(auth.now()),
      ...(policy.requireEmailConfirmation && { emailConfirmationRequired: true }),
    };
    let result = await auth.users.store.create(user);
    // a name or address held by a registration whose confirmation link has expired is freed, then tried again (at
    // most twice: the name, then the address)
    for (let i = 0; i < 2 && !result.ok && (await freeExpired(result.conflict === 'userName' ? user.userName : user.email, request.log)); i++) {
      result = await auth.users.store.create(user);
    }
    const locale = mailLocale(user.preferredLanguages, request.headers['accept-language']);
    if (!result.ok && result.conflict === 'userName') return sendApiError(reply, { username: ['This user name is taken.'] });
    if (!result.ok) {
      if (!policy.requireEmailConfirmation) return sendApiError(reply, { email: ['An account with this e-mail address exists.'] });
      // The user name is held as a new registration would hold it (by an account without password or address
      // that never signs in), so that registering the name again does not tell whether the address had one.
      const { email: _taken, passwordHash: _unused, ...rest } = user;
      await auth.users.store.create({ ...rest, subject: randomUUID(), disabled: true });
      const owner = await auth.users.store.byIdentifier(user.email);
      if (owner) {
        ctx.background.run(async () => {
          if (await ctx.mailQuota(request, owner.subject)) await sendAddressTakenMail(ctx, owner, mailLocale(owner.preferredLanguages ?? [], request.headers['accept-language']));
        });
      }
      return reply.code(204).send();
    }
    if (policy.requireEmailConfirmation) {
      const token = await auth.accountTokens.issue('email_confirmation', user, accounts.emailConfirmationLifetimeSeconds);
      ctx.background.run(() => sendConfirmationMail(ctx, user, locale, token));
    }
    request.log.info({ subject: user.subject, tenant: tenant.name }, 'account registered');
    return reply.code(204).send();
  });
}
