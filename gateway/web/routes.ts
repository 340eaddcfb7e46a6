/**
 * The web page (`GET /`): a single page that converts files and shows what is inside them, with its files under
 * `GET /web/<name>` and its sign-in description at `GET /web/config.json` (see client.ts). Everything it loads
 * comes from this server (assets.ts); the conversion routes, their options and the source detection it reads
 * from the OpenAPI document and `POST /formats/detect` at run time, so a new format plugin's routes and
 * options appear on the page without a change to it.
 *
 * Headers: the security headers of the `/connect` pages (gateway/connect/pages/html.ts), with the page's own
 * Content-Security-Policy (CSP Level 3, https://www.w3.org/TR/CSP3/): scripts, styles and connections only
 * from this origin (`'self'`; the page has no inline script or style), images also as `data:`/`blob:` (the
 * chart's export), no framing, no `<base>`, forms only to this origin.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../../config/defaults.js';
import type { FormatRegistry } from '../../core/registry/format-registry.js';
import { installSecurityHeaders } from '../connect/pages/html.js';
import { loadAssets } from './assets.js';
import { webSignIn } from './client.js';
import { registerDetectRoute } from './detect.js';

/** The page's Content-Security-Policy (see the module comment). */
export const WEB_PAGE_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:", "connect-src 'self'",
  "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'",
].join('; ');

/** Path prefix of the page's files. */
export const WEB_ASSET_PREFIX = '/web/';

/**
 * Registers `GET /`, `GET /web/*`, `GET /web/config.json` and `POST /formats/detect`.
 * @throws Error at start-up when the page's files are missing from the package
 */
export async function registerWebPage(app: FastifyInstance, config: GatewayConfig, registry: FormatRegistry): Promise<void> {
  const assets = loadAssets();
  const signIn = webSignIn(config);
  await registerDetectRoute(app, registry);
  await app.register(async (scope) => {
    installSecurityHeaders(scope);
    const hide = { schema: { hide: true } };
    scope.get('/', hide, async (_request, reply) => {
      const page = assets.get('index.html')!;
      return reply.header('content-security-policy', WEB_PAGE_CSP).type(page.contentType).send(page.body);
    });
    scope.get(`${WEB_ASSET_PREFIX}config.json`, hide, async () => signIn);
    scope.get<{ Params: { '*': string } }>(`${WEB_ASSET_PREFIX}*`, hide, async (request, reply) => {
      const asset = assets.get(request.params['*']);
      if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.type(asset.contentType).send(asset.body);
    });
  });
}
