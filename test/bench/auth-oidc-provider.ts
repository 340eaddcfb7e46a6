/**
 * Token service benchmark, server side: node-oidc-provider 9 configured like our gateway, in its own process
 * (forked by `test/bench/auth.ts`, which passes a {@link ServerSpec} as JSON in `BENCH_SERVER_SPEC`).
 *
 * - one client (`client_secret_basic`, `grant_types: ['client_credentials']`, scope `avacloud`) and a second
 *   client standing for our API resource `avacloud`, which authenticates at the introspection endpoint
 *   (oidc-provider authenticates the introspecting party as a client; we authenticate an API resource);
 * - `features.clientCredentials`, `features.introspection`, `features.resourceIndicators` with one resource
 *   server (audience `avacloud`, scope `avacloud`, 1 h): `accessTokenFormat: 'jwt'` signed ES256 for the token
 *   run, `'opaque'` for the introspection run;
 * - the endpoints at our paths (`routes`: `/connect/token`, `/connect/introspect`);
 * - a JWKS with an ES256 key (and an RS256 key, which oidc-provider, like our gateway, keeps for id tokens);
 * - its in-memory adapter (`lib/adapters/memory_adapter.js`, the default) over its own LRU, with one change:
 *   the default LRU is created with `maxSize: 1000` and keeps between 1,000 and 2,000 entries, so of the 2,000
 *   pre-issued opaque tokens many would be evicted and introspect as `active: false` (a cheaper path that would
 *   flatter it). The same adapter class and LRU class are used, sized 1,000,000.
 *
 * Protocol with the parent: `{ type: 'ready', port }` once listening; `{ type: 'cpu' }` → `{ type: 'cpu', user,
 * system }` (µs, cumulative); `{ type: 'stop' }` → close and exit 0 (so `--cpu-prof` writes its profile).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type { ServerSpec } from './auth.js';

/** The shapes of oidc-provider we use (it ships no TypeScript types). */
interface ProviderLike {
  callback(): (req: unknown, res: unknown) => void;
}
type ProviderCtor = new (issuer: string, configuration: Record<string, unknown>) => ProviderLike;
interface OidcModule {
  default: ProviderCtor;
  errors: { InvalidTarget: new (description?: string) => Error };
}

/** The resource indicator of the one resource server (RFC 8707 wants an absolute URI). */
export const RESOURCE = 'urn:ava-gateway:avacloud';

async function jwk(alg: 'ES256' | 'RS256', kid: string): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === 'RS256' && { modulusLength: 2048 }) });
  return { ...(await exportJWK(privateKey)), kid, alg, use: 'sig' };
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.env.BENCH_SERVER_SPEC ?? '') as ServerSpec;
  // Specifiers through a variable: the package has no type declarations, and these are deep imports.
  const oidc = (await import('oidc-provider' as string)) as OidcModule;
  const { default: MemoryAdapter } = (await import('oidc-provider/lib/adapters/memory_adapter.js' as string)) as {
    default: new (model: string, store: unknown, clockTolerance: number) => unknown;
  };
  const { default: LRU } = (await import('oidc-provider/lib/helpers/lru.js' as string)) as {
    default: new (options: { maxSize: number }) => unknown;
  };
  const storage = new LRU({ maxSize: 1_000_000 });
  const accessTokenFormat = spec.run === 'token' ? 'jwt' : 'opaque';
  const resourceServer = {
    scope: spec.client.scope,
    audience: 'avacloud',
    accessTokenTTL: 3600,
    accessTokenFormat,
    ...(accessTokenFormat === 'jwt' && { jwt: { sign: { alg: spec.alg } } }),
  };

  const provider = new oidc.default(spec.issuer, {
    adapter: (model: string) => new MemoryAdapter(model, storage, 0),
    clients: [
      {
        client_id: spec.client.id,
        client_secret: spec.client.secret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: spec.client.scope,
      },
      {
        client_id: spec.introspector.id,
        client_secret: spec.introspector.secret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: [],
        response_types: [],
        redirect_uris: [],
      },
    ],
    jwks: { keys: [await jwk('ES256', 'bench-es256'), await jwk('RS256', 'bench-rs256')] },
    scopes: [spec.client.scope],
    ttl: { ClientCredentials: 3600 },
    routes: { token: '/connect/token', introspection: '/connect/introspect' },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== RESOURCE) throw new oidc.errors.InvalidTarget();
          return resourceServer;
        },
      },
    },
  });

  const server = createServer(provider.callback() as Parameters<typeof createServer>[0]);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  process.on('message', (m: { type: string }) => {
    if (m.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ type: 'cpu', user, system });
    } else if (m.type === 'stop') {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', port, detail: `oidc-provider, ${accessTokenFormat} client-credentials tokens` });
}

main().catch((err: Error) => {
  console.error(`oidc-provider bench server did not start: ${err.stack ?? err.message}`);
  process.exit(1);
});
