/** Redis helpers for tests: a key prefix of their own per run, and removal of that run's keys afterwards. */
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, describe, it } from 'vitest';

/** `ava-test:<name>:<pid>:<random>:` — unique per test file and run. */
export const testKeyPrefix = (name: string) => `ava-test:${name}:${process.pid}:${randomBytes(4).toString('hex')}:`;

/** Deletes every key under the prefix (SCAN + UNLINK; tests only). Returns how many were deleted. */
export async function deleteKeysWithPrefix(url: string, prefix: string): Promise<number> {
  const admin = createClient({ url });
  admin.on('error', () => {});
  await admin.connect();
  const keys: string[] = [];
  for await (const batch of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) keys.push(...batch);
  if (keys.length) await admin.unlink(keys);
  await admin.close();
  return keys.length;
}

/**
 * A describe block that needs Redis: with `REDIS_URL` set, runs `body` with the URL and a key prefix of its own
 * (its keys are deleted afterwards); without, skips the block and says so.
 */
export function describeWithRedis(title: string, body: (redis: { redisUrl: string; redisKeyPrefix: string }) => void): void {
  const redisUrl = process.env['REDIS_URL'];
  if (!redisUrl) {
    console.warn(`${title}: skipped, REDIS_URL is not set`);
    describe.skip(`${title} (REDIS_URL is not set)`, () => {
      it('needs Redis', () => {});
    });
    return;
  }
  const redisKeyPrefix = testKeyPrefix(title.replace(/\W+/g, '-').toLowerCase());
  describe(title, () => {
    afterAll(() => deleteKeysWithPrefix(redisUrl, redisKeyPrefix));
    body({ redisUrl, redisKeyPrefix });
  });
}
