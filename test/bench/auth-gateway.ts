/**
 * Token service benchmark, server side: our gateway in its own process (forked by `test/bench/auth.ts`, which
 * passes a {@link ServerSpec} as JSON in `BENCH_SERVER_SPEC`), built as `server.ts` builds it:
 * `loadConfig({}, overrides)` → `createGatewayContainer` → `buildApp` → `listen({ port: 0, host: '127.0.0.1' })`.
 *
 * Configured like the oidc-provider side: one client (`client_credentials`, scope `avacloud`, Basic
 * authentication) whose access tokens are JWTs signed with `spec.alg` for the token run and reference tokens
 * for the introspection run; the API resource `avacloud` with the introspection secret; `logLevel: 'silent'`;
 * signing keys from a development key directory the parent creates once.
 *
 * Store: memory, or Redis at `spec.redisUrl` under a key prefix unique to this run (`redisKeyPrefix`). On stop it
 * deletes its keys.
 *
 * Rate limits are off (`rateLimits.enabled: false`): one client from one address asks for thousands of tokens a
 * second here, far past the production limits (`rateLimits.perClient` …), and the benchmark measures the token
 * service, not the limiter. With `spec.rateLimits` they are on with limits no run reaches, to measure their cost.
 *
 * Protocol with the parent: `{ type: 'ready', port }` once listening; `{ type: 'cpu' }` → `{ type: 'cpu', user,
 * system }` (µs, cumulative); `{ type: 'profile-start' }` (with `spec.profileFile`) starts the V8 CPU profiler
 * (inspector, 200 µs sampling), so the profile covers the measured run only, not start-up and warm-up;
 * `{ type: 'stop' }` → write the profile, close, clean up and exit 0.
 */
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { createClient } from 'redis';
import { loadConfig } from '../../config/load.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { buildApp } from '../../gateway/app.js';
import type { ServerSpec } from './auth.js';

const sha256 = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('base64');

/** Deletes every key under `prefix` (the Redis run's keys). */
async function deleteKeys(url: string, prefix: string): Promise<number> {
  const client = createClient({ url });
  client.on('error', () => undefined);
  await client.connect();
  let deleted = 0;
  try {
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) {
      const keys = (Array.isArray(batch) ? batch : [batch]) as string[];
      if (keys.length) deleted += await client.unlink(keys);
    }
  } finally {
    await client.close();
  }
  return deleted;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.env.BENCH_SERVER_SPEC ?? '') as ServerSpec;
  const redis = spec.store === 'redis';
  const config = loadConfig({}, {
    logLevel: 'silent',
    rateLimits: spec.rateLimits ? { enabled: true, perClient: 1e9, perAddress: 1e9 } : { enabled: false },
    ...(redis && { redisUrl: spec.redisUrl, redisKeyPrefix: spec.keyPrefix }),
    auth: {
      issuer: spec.issuer,
      keys: { signing: [], developmentKeyDir: spec.keyDir },
      clients: [
        {
          clientId: spec.client.id,
          clientName: 'Benchmark client',
          secrets: [{ sha256: sha256(spec.client.secret) }],
          allowedGrantTypes: ['client_credentials'],
          allowedScopes: [spec.client.scope],
          accessTokenType: spec.run === 'token' ? 'jwt' : 'reference',
          accessTokenLifetime: 3600,
          accessTokenSigningAlg: spec.alg,
        },
      ],
      apiResources: [
        { name: spec.introspector.id, displayName: 'AVA conversion API', secrets: [{ sha256: sha256(spec.introspector.secret) }], scopes: [spec.client.scope] },
      ],
    },
  });
  const container = await createGatewayContainer(config);
  const app = await buildApp({ container });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  let profiler: Session | undefined;
  process.on('message', (m: { type: string }) => {
    if (m.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ type: 'cpu', user, system });
    } else if (m.type === 'profile-start' && spec.profileFile) {
      profiler = new Session();
      profiler.connect();
      void profiler
        .post('Profiler.enable')
        .then(() => profiler!.post('Profiler.setSamplingInterval', { interval: 200 }))
        .then(() => profiler!.post('Profiler.start'))
        .then(() => process.send!({ type: 'profile-start' }));
    } else if (m.type === 'stop') {
      app.server.closeAllConnections();
      const saved = profiler
        ? profiler.post('Profiler.stop').then(({ profile }) => writeFileSync(spec.profileFile!, JSON.stringify(profile)))
        : Promise.resolve();
      void saved
        .then(() => app.close()) // closes the store too (onClose hook)
        .then(() => (redis ? deleteKeys(spec.redisUrl!, spec.keyPrefix!) : 0))
        .then(
          () => process.exit(0),
          (err: Error) => {
            console.error(`cleanup failed: ${err.message}`);
            process.exit(1);
          },
        );
    }
  });
  const format = spec.run === 'token' ? `${spec.alg} JWT` : 'reference';
  process.send!({ type: 'ready', port, detail: `ava-gateway, ${format} access tokens, ${redis ? `Redis prefix ${spec.keyPrefix}` : 'memory store'}, rate limits ${spec.rateLimits ? 'on' : 'off'}` });
}

main().catch((err: Error) => {
  console.error(`ava-gateway bench server did not start: ${err.message}`);
  process.exit(1);
});
