/**
 * `GET`/`POST /connect/grants` — the signed-in user's remembered consents ("connected applications"), with a
 * button per application that revokes the consent (OpenID Connect Core 1.0 §3.1.2.4: consent remembered "until
 * revoked"; Duende IdentityServer's grants page in its quickstart UI does the same).
 *
 * - `GET` without a session shows the login page, which returns here after sign-in; with one, the list: the
 *   client's name, the scopes in words (in the page language, `ui_locales` or `Accept-Language`) and the date of
 *   the consent.
 * - `POST` fields: `csrf`, `client_id`, `ui_locales`. A wrong CSRF value answers 403, no session 403, an
 *   unknown client 400 (error pages). Revoking forgets the consent and revokes the client's refresh tokens for
 *   this user with their grants' access tokens (`ConsentStore.revoke`); the answer is `303` back to the list
 *   with `revoked=<client_id>` (post/redirect/get), which shows a confirmation.
 */
import type { FastifyInstance } from 'fastify';
import { CSRF_FIELD } from './browser-session.js';
import { LOGIN_PATH, localeOf, scopesInWords, type BrowserContext } from './interaction.js';
import { esc, hidden, sendPage, type Page } from './pages/html.js';
import { text as pageText, type UiLocale } from './pages/texts.js';
import { errorPage, loginPage } from './pages/views.js';
import { pageRoute } from './page-route.js';

export const GRANTS_PATH = '/connect/grants';

const WORDS = {
  en: {
    title: 'Connected applications',
    lead: 'Applications you have allowed to access your account. Revoking ends their access, refresh tokens included; they will ask again.',
    none: 'You have not allowed any application access.',
    since: 'Allowed on {date}',
    revoke: 'Revoke access',
    revoked: '{client} no longer has access.',
  },
  de: {
    title: 'Verbundene Anwendungen',
    lead: 'Anwendungen, denen Sie Zugriff auf Ihr Konto erlaubt haben. Widerrufen beendet ihren Zugriff, auch über Refresh-Tokens; sie fragen dann erneut.',
    none: 'Sie haben keiner Anwendung Zugriff erlaubt.',
    since: 'Erlaubt am {date}',
    revoke: 'Zugriff widerrufen',
    revoked: '{client} hat keinen Zugriff mehr.',
  },
} as const satisfies Record<UiLocale, Record<string, string>>;

const say = (locale: UiLocale, key: keyof (typeof WORDS)['en'], values: Record<string, string> = {}) =>
  esc(WORDS[locale][key].replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m));

/** One remembered consent as the page shows it. */
export interface GrantView {
  clientId: string;
  client: string;
  scopes: readonly string[];
  /** Epoch seconds. */
  rememberedAt?: number;
}

export function grantsPage(csrf: string, locale: UiLocale, user: string, grants: readonly GrantView[], revoked?: string): Page {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const item = (g: GrantView) => `<li class="grant"><strong>${esc(g.client)}</strong>
${g.rememberedAt === undefined ? '' : `<br><small>${say(locale, 'since', { date: date.format(new Date(g.rememberedAt * 1000)) })}</small>`}
<ul>${g.scopes.map((s) => `<li>${esc(s)}</li>`).join('')}</ul>
<form method="post" action="${GRANTS_PATH}">${hidden(CSRF_FIELD, csrf)}${hidden('ui_locales', locale)}${hidden('client_id', g.clientId)}<button type="submit" class="secondary revoke">${say(locale, 'revoke')}</button></form></li>`;
  return {
    locale,
    title: WORDS[locale].title,
    body: (nonce) => `<style nonce="${nonce}">ul.grants{list-style:none;padding:0}li.grant{border-top:1px solid #e4e9ef;padding:.8rem 0}li.grant button{margin-top:.4rem;margin-left:0}.notice{background:#e8f3ea;color:#1d5c2e;padding:.8rem;border-radius:6px}</style>
<h1>${say(locale, 'title')}</h1><p>${esc(pageText(locale, 'signedInAs', { user }))}</p>
${revoked ? `<p class="notice" role="status">${say(locale, 'revoked', { client: revoked })}</p>` : ''}
${grants.length === 0 ? `<p>${say(locale, 'none')}</p>` : `<p>${say(locale, 'lead')}</p><ul class="grants">${grants.map(item).join('')}</ul>`}`,
  };
}

export function registerGrantsPage(app: FastifyInstance, ctx: BrowserContext): void {
  const { auth } = ctx;
  const clientName = (id: string) => auth.clients.client(id)?.clientName ?? id;
  app.get(GRANTS_PATH, { schema: { hide: true } }, pageRoute(async (request, reply, params) => {
    const locale = localeOf(request, params.get('ui_locales'));
    const csrf = ctx.sessions.csrfToken(request, reply);
    const current = await ctx.sessions.current(request);
    if (!current) return sendPage(reply, loginPage({ csrf, action: LOGIN_PATH, locale }, { returnTo: GRANTS_PATH }));
    const consents = await auth.consents.list(current.user.subject, auth.config.clients.map((c) => c.clientId));
    const grants = consents.map((c) => ({ clientId: c.clientId, client: clientName(c.clientId), scopes: scopesInWords(auth, c.scopes, locale), ...(c.rememberedAt !== undefined && { rememberedAt: c.rememberedAt }) }));
    const revoked = params.get('revoked');
    const user = current.user.claims.name ?? current.user.userName;
    return sendPage(reply, grantsPage(csrf, locale, user, grants, revoked && auth.clients.client(revoked) ? clientName(revoked) : undefined));
  }));
  app.post(GRANTS_PATH, { schema: { hide: true } }, pageRoute(async (request, reply, form) => {
    const locale = localeOf(request, form.get('ui_locales'));
    if (!ctx.sessions.csrfValid(request, form.get(CSRF_FIELD) ?? undefined)) return sendPage(reply, errorPage(locale, pageText(locale, 'csrfFailed'), 403));
    const current = await ctx.sessions.current(request);
    if (!current) return sendPage(reply, errorPage(locale, 'sign in to manage connected applications', 403));
    const clientId = form.get('client_id') ?? '';
    if (!auth.clients.client(clientId)) return sendPage(reply, errorPage(locale, 'the client is unknown'));
    const { grantsRemoved } = await auth.consents.revoke(current.user.subject, clientId);
    request.log.info({ clientId, subject: current.user.subject, grantsRemoved }, 'consent revoked by the user');
    return reply.code(303).header('location', `${GRANTS_PATH}?${new URLSearchParams({ ui_locales: locale, revoked: clientId })}`).send();
  }));
}
