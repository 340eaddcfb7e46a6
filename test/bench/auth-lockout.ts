/**
 * Password lockout timing benchmark (not a test): does the time of a refused password grant tell an existing user
 * name from an unknown one, or a backed-off / locked name from a merely wrong password? Every refused attempt
 * should cost one scrypt plus the same store work, so the medians should differ by noise only.
 *
 *   node --import tsx test/bench/auth-lockout.ts [--users 40] [--redis redis://127.0.0.1:6379]
 *
 * In one process, through `app.inject` (no sockets), with rate limits off: `--users` configured users sharing one
 * scrypt hash (N=2^14, as `hashPassword` makes) and as many unknown names. Lockout `freeAttempts: 0`, the first
 * failure waits 1000 s, the second locks; an injected clock moves past the wait. Rounds, each over every name in
 * a shuffled order, existing and unknown names interleaved:
 *   1. wrong password (a counted failure)      2. right password while backed off (refused, not checked)
 *   3. wrong password after the wait (locks)   4. right password while locked (refused, not checked)
 * Unknown names send the existing users' password in rounds 2 and 4. Prints p50/p90/mean per round and kind.
 */
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/load.js';
import { hashPassword } from '../../core/auth/users.js';
import { createGatewayContainer } from '../../gateway/composition-root.js';
import { buildApp } from '../../gateway/app.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const USERS = Number(arg('users') ?? 40);
const REDIS = arg('redis');
const PASSWORD = 'correct horse battery staple';
const prefix = `ava:bench-lockout:${process.pid}:`;

async function main(): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  const secret = 'bench-secret';
  const clock = { now: Math.floor(Date.now() / 1000) };
  const config = loadConfig({}, {
    logLevel: 'silent',
    rateLimits: { enabled: false },
    ...(REDIS && { redisUrl: REDIS, redisKeyPrefix: prefix }),
    auth: {
      lockout: { freeAttempts: 0, baseDelaySeconds: 1000, maxDelaySeconds: 1000, lockAfter: 2, lockSeconds: 100_000 },
      clients: [{
        clientId: 'bench', secrets: [{ sha256: createHash('sha256').update(secret).digest('base64') }],
        allowedGrantTypes: ['password'], allowedScopes: ['avacloud'],
      }],
      users: Array.from({ length: USERS }, (_, i) => ({ subject: `s-${i}`, userName: `user-${i}`, passwordHash })),
    },
  });
  const container = await createGatewayContainer(config, { auth: { now: () => clock.now } });
  const app = await buildApp({ container, logger: false });
  const names = Array.from({ length: USERS }, (_, i) => [`user-${i}`, `ghost-${i}`]).flat();
  const rounds: Array<[string, string, number]> = [
    ['1 wrong password (counted)', 'wrong', 0],
    ['2 right password, backed off', PASSWORD, 1000],
    ['3 wrong password (locks)', 'wrong', 0],
    ['4 right password, locked', PASSWORD, 0],
  ];
  console.log(`${USERS} existing and ${USERS} unknown user names, ${REDIS ? `Redis attempt store ${REDIS}` : 'memory attempt store'}, node ${process.version}`);
  console.log('| round | kind | n | statuses | p50 ms | p90 ms | mean ms |');
  console.log('|---|---|---:|---|---:|---:|---:|');
  await timeOne(app, 'warm-up', 'wrong'); // JIT, first scrypt
  for (const [label, password, advance] of rounds) {
    const times: Record<string, number[]> = { existing: [], unknown: [] };
    const statuses = new Set<string>();
    for (const name of shuffle(names)) {
      const { ms, status } = await timeOne(app, name, password);
      times[name.startsWith('user-') ? 'existing' : 'unknown'].push(ms);
      statuses.add(String(status));
    }
    for (const [kind, list] of Object.entries(times)) {
      console.log(`| ${label} | ${kind} | ${list.length} | ${[...statuses].join(',')} | ${pct(list, 0.5)} | ${pct(list, 0.9)} | ${(list.reduce((a, b) => a + b, 0) / list.length).toFixed(1)} |`);
    }
    clock.now += advance;
  }
  await app.close();
  if (REDIS) {
    const { deleteKeysWithPrefix } = await import('../support/redis.js');
    await deleteKeysWithPrefix(REDIS, prefix);
  }
}

async function timeOne(app: FastifyInstance, username: string, password: string): Promise<{ ms: number; status: number }> {
  const payload = new URLSearchParams({ grant_type: 'password', client_id: 'bench', client_secret: 'bench-secret', username, password }).toString();
  const start = process.hrtime.bigint();
  const res = await app.inject({ method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, status: res.statusCode };
}

function shuffle<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function pct(list: number[], q: number): string {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
}

main().catch((err: Error) => {
  console.error(err);
  process.exit(1);
});
