/**
 * Sending an authorization response (success or error) to the client's validated redirect URI in the response
 * mode in effect: `query` (RFC 6749 §4.1.2: added to the URI's own query, which is kept), `fragment` (OAuth 2.0
 * Multiple Response Type Encoding Practices §2.1) or `form_post` (OAuth 2.0 Form Post Response Mode §2: an HTML
 * page that posts the parameters to the redirect URI by itself, with a nonce'd script and a button for browsers
 * without scripts). Every response carries `iss` (RFC 9207 §2) and, when the request had one, `state`.
 */
import type { FastifyReply } from 'fastify';
import type { AuthorizeTarget } from './authorize-request.js';
import { cspOrigin, esc, hidden, sendPage } from './pages/html.js';
import { text, type UiLocale } from './pages/texts.js';

/**
 * Sends `values` (e.g. `{code}` or `{error, error_description}`) plus `state` and `iss` to the target.
 * @param issuer the `iss` value (RFC 9207 §2)
 */
export function sendAuthorizeResponse(reply: FastifyReply, target: AuthorizeTarget, values: Record<string, string>, issuer: string, locale: UiLocale): FastifyReply {
  const all: Record<string, string> = { ...values, ...(target.state !== undefined && { state: target.state }), iss: issuer };
  if (target.responseMode === 'form_post') {
    const origin = cspOrigin(target.redirectUri);
    return sendPage(reply, {
      locale,
      title: text(locale, 'redirecting'),
      formAction: origin ? [origin] : [],
      body: (nonce) => `<form method="post" action="${esc(target.redirectUri)}">
${Object.entries(all).map(([k, v]) => hidden(k, v)).join('\n')}
<noscript><button type="submit">${esc(text(locale, 'redirecting'))}</button></noscript></form>
<script nonce="${nonce}">document.forms[0].submit();</script>`,
    });
  }
  const encoded = new URLSearchParams(all).toString();
  let location: string;
  if (target.responseMode === 'fragment') {
    location = `${target.redirectUri.split('#')[0]}#${encoded}`;
  } else {
    // Appended to the registered URI as it is (no normalisation), after any query of its own.
    location = target.redirectUri + (target.redirectUri.includes('?') ? '&' : '?') + encoded;
  }
  return reply.code(303).header('location', location).send();
}

/** Sends an authorization error (RFC 6749 §4.1.2.1) to the target. */
export function sendAuthorizeError(reply: FastifyReply, target: AuthorizeTarget, error: string, description: string, issuer: string, locale: UiLocale): FastifyReply {
  return sendAuthorizeResponse(reply, target, { error, error_description: description }, issuer, locale);
}
