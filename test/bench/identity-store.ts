/**
 * User store benchmark (not a test): operations per second of the memory and Redis user stores — look-up by
 * identifier (every sign-in), creation (registration: the atomic uniqueness script) and `trackGrantFamily` (one
 * call per user grant the token service saves) — with `--concurrency` operations in flight.
 *
 *   node --import tsx test/bench/identity-store.ts [--ops 20000] [--concurrency 32] [--redis redis://127.0.0.1:6379]
 *
 * Redis keys go under a random prefix, deleted afterwards.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { MemoryUserStore } from '../../core/stores/memory-user-store.js';
import { RedisUserStore } from '../../core/stores/redis-user-store.js';
import type { StoredUser, UserStore } from '../../core/stores/user-store.js';
import { deleteKeysWithPrefix, testKeyPrefix } from '../support/redis.js';

const { values } = parseArgs({ options: { ops: { type: 'string', default: '20000' }, concurrency: { type: 'string', default: '32' }, redis: { type: 'string', default: process.env['REDIS_URL'] ?? '' } } });
const OPS = Number(values.ops);
const CONCURRENCY = Number(values.concurrency);

const user = (i: number): StoredUser => ({ subject: randomUUID(), userName: `bench-user-${i}`, email: `bench${i}@example.org`, emailConfirmed: true, passwordHash: 'scrypt$x', createdAt: 0 });

/** Runs `op(i)` for i < OPS with CONCURRENCY in flight; operations per second. */
async function rate(op: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < OPS) await op(next++);
  }));
  return OPS / ((performance.now() - start) / 1000);
}

async function measure(name: string, store: UserStore): Promise<void> {
  const created = await rate((i) => store.create(user(i)));
  const lookedUp = await rate((i) => store.byIdentifier(i % 2 ? `BENCH-USER-${i}` : `bench${i}@example.org`));
  const tracked = await rate((i) => store.trackGrantFamily(`subject-${i % 100}`, randomUUID(), Date.now() / 1000 + 3600));
  console.log(`| ${name} | ${Math.round(created)} | ${Math.round(lookedUp)} | ${Math.round(tracked)} |`);
}

console.log(`${OPS} operations each, ${CONCURRENCY} in flight; operations per second`);
console.log('| store | create | byIdentifier | trackGrantFamily |\n|---|---|---|---|');
await measure('memory', new MemoryUserStore());
if (values.redis) {
  const prefix = testKeyPrefix('bench-users');
  const store = await RedisUserStore.connect({ url: values.redis, keyPrefix: prefix });
  try {
    await measure('redis', store);
  } finally {
    await store.close();
    await deleteKeysWithPrefix(values.redis, prefix);
  }
}
