/** The user store contract (./user-store-contract.ts) in memory and, with REDIS_URL, in Redis; the memory store's seed. */
import { describe, expect, it } from 'vitest';
import { MemoryUserStore } from '../../core/stores/memory-user-store.js';
import { someUser, userStoreContract } from './user-store-contract.js';

userStoreContract('MemoryUserStore', async () => new MemoryUserStore());

describe('MemoryUserStore seed', () => {
  it('holds the seed and refuses a seed with a duplicate user name', async () => {
    const seed = someUser({ userName: 'demo', email: 'demo@example.org' });
    expect(await new MemoryUserStore([seed]).byIdentifier('DEMO')).toEqual(seed);
    expect(() => new MemoryUserStore([seed, someUser({ userName: 'Demo' })])).toThrow(/userName is used by another configured user/);
  });
});
