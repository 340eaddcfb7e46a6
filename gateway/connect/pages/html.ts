/**
 * Server-rendered pages of the browser side of `/connect`: HTML escaping, one layout with inline styles (no
 * external resources), and the security headers every browser response carries.
 *
 * Headers (OWASP HTTP Headers Cheat Sheet; CSP Level 3, https://www.w3.org/TR/CSP3/):
 * - `Content-Security-Policy`: `default-src 'none'`, styles and scripts only with the response's nonce,
 *   `form-action` only to this server (and, where a page posts or redirects to a client, that client's redirect
 *   origin), `frame-ancestors 'none'` (no framing: clickjacking), `base-uri 'none'`;
 * - `X-Frame-Options: DENY` for browsers without `frame-ancestors`; `Referrer-Policy: no-referrer` (codes and
 *   states never leak through `Referer`); `X-Content-Type-Options: nosniff`; `Cache-Control: no-store`.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { UiLocale } from './texts.js';

/** Escapes text for HTML element content and double-quoted attribute values. */
export const esc = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The CSP of a response; `nonce` allows its inline style and script, `formAction` the origins forms may post or redirect to. */
export function contentSecurityPolicy(nonce: string | undefined, formAction: readonly string[] = []): string {
  const n = nonce ? `'nonce-${nonce}'` : "'none'";
  return [
    "default-src 'none'", `style-src ${n}`, `script-src ${n}`, "img-src 'self' data:",
    `form-action 'self'${formAction.map((o) => ' ' + o).join('')}`, "frame-ancestors 'none'", "base-uri 'none'",
  ].join('; ');
}

/** Adds the security headers to every response of the routes registered in `scope` (a fastify encapsulation context). */
export function installSecurityHeaders(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (_request, reply) => {
    reply
      .header('content-security-policy', contentSecurityPolicy(undefined))
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache');
  });
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f8;color:#1d2733;margin:0}
main{max-width:26rem;margin:4rem auto;background:#fff;border-radius:10px;box-shadow:0 2px 12px #0002;padding:2rem}
h1{font-size:1.4rem;margin:0 0 1rem}
.tenant{color:#46607a;font-size:.9rem;margin:0 0 1rem;text-transform:uppercase;letter-spacing:.05em}
label{display:block;margin:.8rem 0 .3rem;font-weight:600}
input[type=text],input[type=password]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #b7c3d0;border-radius:6px;font-size:1rem}
button{margin-top:1.2rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1f5fa8;color:#fff;font-size:1rem;cursor:pointer}
button.secondary{background:#e4e9ef;color:#1d2733;margin-left:.5rem}
.error{background:#fdecec;color:#8a1c1c;padding:.8rem;border-radius:6px}
.code{font-family:ui-monospace,monospace;font-size:1.3rem;letter-spacing:.1em;white-space:nowrap}
ul{padding-left:1.2rem} li{margin:.3rem 0}
.or{margin:1.5rem 0 0;color:#46607a;border-top:1px solid #e4e9ef;padding-top:1rem}
.providers{display:flex;flex-direction:column}
button.provider{margin-top:.6rem;background:#fff;color:#1f5fa8;border:1px solid #1f5fa8}
`;

export interface Page {
  locale: UiLocale;
  title: string;
  /** The page content (already escaped HTML); receives the response's CSP nonce. */
  body: (nonce: string) => string;
  status?: number;
  /** Extra origins of the CSP `form-action` (a client's redirect origin). */
  formAction?: readonly string[];
}

/** Sends a page with a fresh CSP nonce. */
export function sendPage(reply: FastifyReply, page: Page): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!DOCTYPE html>
<html lang="${page.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(page.title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>${page.body(nonce)}</main></body></html>`;
  return reply
    .code(page.status ?? 200)
    .header('content-security-policy', contentSecurityPolicy(nonce, page.formAction))
    .type('text/html; charset=utf-8')
    .send(html);
}

/** A hidden form field. */
export const hidden = (name: string, value: string) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`;

/** The origin of an absolute URL as a CSP source (`https://app.example`), or undefined for a non-http(s) URL. */
export function cspOrigin(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}
