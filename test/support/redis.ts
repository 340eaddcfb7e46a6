/** Redis helpers for tests: a key prefix of their own per run, and removal of that run's keys afterwards. */
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';

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
