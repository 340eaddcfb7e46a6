/**
 * Helpers of the real-browser tests: headless Chromium (the Debian package at `/usr/bin/chromium`, driven by
 * playwright-core without a browser download), a relying party's callback server that records what arrives
 * (query redirects and form posts), and the gateway configuration whose clients redirect to it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hashSecret } from '../../core/auth/clients.js';
import { browserAuth } from '../auth/browser-support.js';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
/** Where the screenshots go (outside the repository). */
export const SCREENS = process.env['AVA_SCREENS_DIR'] ?? '/work/wt/screens';

/** A request that reached the relying party. */
export interface Arrival {
  method: string;
  /** The full URL, `http://127.0.0.1:<port>/cb?…`. */
  url: string;
  /** The form body of a POST. */
  body: string;
}

/** The relying party's server: `/cb` (redirect URI) and `/logged-out` (post-logout redirect URI). */
export class RelyingParty {
  readonly arrivals: Arrival[] = [];
  private constructor(private readonly server: Server, readonly origin: string) {}

  static async start(): Promise<RelyingParty> {
    let rp: RelyingParty | undefined;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        rp!.arrivals.push({ method: req.method ?? 'GET', url: rp!.origin + (req.url ?? '/'), body });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><title>RP</title><p id="rp">relying party</p>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    rp = new RelyingParty(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return rp;
  }

  get callback(): string {
    return `${this.origin}/cb`;
  }

  get loggedOut(): string {
    return `${this.origin}/logged-out`;
  }

  /** The latest arrival at a path. */
  last(path: string): Arrival {
    const found = [...this.arrivals].reverse().find((a) => new URL(a.url).pathname === path);
    if (!found) throw new Error(`nothing arrived at ${path}`);
    return found;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Clients `rp` (no consent), `rp-consent` (`requireConsent`) and `rp-hybrid` (also `implicit`), secrets
 * `<id>-secret`, redirecting to the relying party.
 */
export function browserConfig(rp: RelyingParty): Record<string, unknown> {
  const base = browserAuth();
  const client = (clientId: string, extra: Record<string, unknown> = {}) => ({
    clientId, clientName: clientId === 'rp-consent' ? 'Cost Planner' : 'Tender Portal', secrets: [{ sha256: hashSecret(`${clientId}-secret`) }],
    allowedGrantTypes: ['authorization_code', 'refresh_token'], allowedScopes: ['openid', 'profile', 'role', 'avacloud', 'offline_access'],
    redirectUris: [rp.callback], postLogoutRedirectUris: [rp.loggedOut], allowOfflineAccess: true, ...extra,
  });
  const auth = base.auth as Record<string, unknown[]>;
  const hybrid = client('rp-hybrid', { allowedGrantTypes: ['authorization_code', 'implicit'] });
  return { ...base, auth: { ...auth, clients: [...auth.clients, client('rp'), client('rp-consent', { requireConsent: true }), hybrid] } };
}

export function screensDir(): string {
  mkdirSync(SCREENS, { recursive: true });
  return SCREENS;
}
