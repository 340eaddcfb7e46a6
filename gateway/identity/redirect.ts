/**
 * `redirectUrl` of `POST /identity/login`: followed only when it stays on this site (a path starting with a single
 * `/`) or names one of `auth.accounts.allowedRedirectOrigins` exactly; anything else is ignored, so the endpoint
 * cannot be used as an open redirector (OWASP Unvalidated Redirects and Forwards Cheat Sheet, "Validating URLs";
 * RFC 9700 §4.11). Protocol-relative (`//evil.example`), backslash (`/\evil.example`), scheme (`javascript:`)
 * and control-character tricks fail because the value is resolved with the WHATWG URL parser against this
 * server's origin and must come out on that origin (or an allowed one). The parser removes dot segments
 * (`/./`, `/a/../`, `/%2e/`), so the normalised path is checked as well: `/.//evil.example` would otherwise come
 * out as the protocol-relative `//evil.example`.
 */

/**
 * The URL to redirect to, or undefined when `redirectUrl` is absent or not allowed.
 * @param issuer this server's origin (the issuer)
 */
export function safeRedirect(redirectUrl: string | undefined, issuer: string, allowedOrigins: readonly string[]): string | undefined {
  if (!redirectUrl) return undefined;
  // Browsers drop tabs and newlines inside URLs and treat `\` as `/`: refuse rather than guess what they make of it.
  if (/[\u0000-\u001f\u007f\\]/.test(redirectUrl)) return undefined;
  const own = new URL(issuer).origin;
  let url: URL;
  try {
    url = new URL(redirectUrl, own);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  if (redirectUrl.startsWith('/') && !redirectUrl.startsWith('//') && url.origin === own) {
    // What the Location header carries must itself be a single-slash path, after dot segments were removed.
    return /^\/[/\\]/.test(url.pathname) ? undefined : url.pathname + url.search + url.hash;
  }
  return allowedOrigins.includes(url.origin) && /^https?:\/\//i.test(redirectUrl) ? url.href : undefined;
}
