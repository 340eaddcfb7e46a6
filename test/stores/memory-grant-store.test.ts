import { describe, expect, it } from 'vitest';
import { MemoryGrantStore } from '../../core/stores/memory-grant-store.js';
import { createGrantStore } from '../../core/stores/index.js';
import { newHandle } from '../../core/stores/grant-store.js';
import { defineGrantStoreContract } from './grant-store-contract.js';

const START = Date.UTC(2026, 0, 1);

defineGrantStoreContract('MemoryGrantStore', async () => {
  let clock = START;
  const store = new MemoryGrantStore({ now: () => clock, sweepIntervalMs: 0 });
  return {
    store,
    now: () => clock,
    advance: async (ms) => {
      clock += ms;
      store.sweep(); // what the sweep timer does; the timer itself is tested below
    },
    rawDump: async () => JSON.stringify(store.rawEntries()),
    close: () => store.close(),
  };
});

describe('MemoryGrantStore housekeeping', () => {
  it('sweeps expired grants, their indexes and tombstones on its timer', async () => {
    let clock = START;
    const store = new MemoryGrantStore({ now: () => clock, sweepIntervalMs: 10 });
    try {
      const familyId = newHandle(16);
      const base = { clientId: 'c', scopes: [], familyId, expiresAt: clock / 1000 + 60 };
      await store.save('device_code', newHandle(), base, { userCode: 'BCDF-GHJK' });
      await store.save('refresh_token', newHandle(), base);
      await store.revokeFamily(newHandle(16));
      expect(store.stats()).toEqual({ grants: 2, families: 1, userCodes: 1, revokedFamilies: 1 });

      clock += 61_000;
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(store.stats()).toEqual({ grants: 0, families: 0, userCodes: 0, revokedFamilies: 1 });

      clock += 5 * 60_000;
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(store.stats()).toEqual({ grants: 0, families: 0, userCodes: 0, revokedFamilies: 0 });
    } finally {
      await store.close();
    }
  });

  it('createGrantStore without a Redis URL gives the memory store', async () => {
    for (const redisUrl of [undefined, '', '  ']) {
      const store = await createGrantStore({ ...(redisUrl !== undefined && { redisUrl }) });
      expect(store).toBeInstanceOf(MemoryGrantStore);
      await store.close();
    }
  });
});
