/**
 * The contract every {@link GrantStore} implementation must meet, as one vitest suite run against each store
 * (`memory-grant-store.test.ts`, `redis-grant-store.test.ts`). Sources of the rules: RFC 6749 §4.1.2 (code single
 * use), RFC 6819 §5.2.2.3 (refresh token rotation), RFC 8628 §3.5/§6.1 (device polling, user code entry),
 * RFC 9700 §4.14 (refresh token protection) and panva/node-oidc-provider, example/adapters/redis.js.
 */
import { randomInt } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GrantStoreError,
  hashHandle,
  hashUserCode,
  newHandle,
  type GrantInput,
  type GrantKind,
  type GrantStore,
  type GrantStoreErrorCode,
} from '../../core/stores/grant-store.js';

/** What a store implementation gives the contract for one test. */
export interface GrantStoreHarness {
  store: GrantStore;
  /** The store's clock, epoch ms. */
  now(): number;
  /** Lets `ms` pass for the store: a fake clock moves (and expiry housekeeping runs), or real time is waited. */
  advance(ms: number): Promise<void>;
  /** Every key and value the backend holds for this store, concatenated as stored (to look for clear handles). */
  rawDump(): Promise<string>;
  /** A second instance on the same backend (a second gateway instance); absent for process-local stores. */
  openPeer?: () => Promise<GrantStore>;
  /** Releases the store and any peers. */
  close(): Promise<void>;
}

const KINDS: GrantKind[] = ['authorization_code', 'refresh_token', 'reference_token', 'device_code'];

/** A random user code in RFC 8628 §6.1 style (`BCDF-GHJK`: 20 consonants, 8 characters). */
function userCode(): string {
  const alphabet = 'BCDFGHJKLMNPQRSTVWXZ';
  let s = '';
  for (let i = 0; i < 8; i++) s += alphabet[randomInt(20)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

async function expectStoreError(promise: Promise<unknown>, code: GrantStoreErrorCode): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GrantStoreError);
  expect((error as GrantStoreError).code).toBe(code);
}

/**
 * Defines the suite `name`; `factory` builds a fresh harness before each test (closed after it).
 */
export function defineGrantStoreContract(name: string, factory: () => Promise<GrantStoreHarness>): void {
  describe(name, () => {
    let h: GrantStoreHarness;
    let store: GrantStore;

    beforeEach(async () => {
      h = await factory();
      store = h.store;
    });
    afterEach(async () => {
      await h.close();
    });

    const nowS = () => h.now() / 1000;
    /** Asserts `value` is the store's epoch second at some instant since `sinceS` (real clocks tick meanwhile). */
    const expectSecondSince = (value: number | undefined, sinceS: number) => {
      expect(value).toBeGreaterThanOrEqual(Math.floor(sinceS));
      expect(value).toBeLessThanOrEqual(Math.floor(nowS()));
    };
    const input = (over: Partial<GrantInput> = {}): GrantInput => ({
      clientId: 'client-a',
      subject: 'alice',
      scopes: ['openid', 'api'],
      familyId: newHandle(16),
      expiresAt: Math.floor(nowS()) + 300,
      ...over,
    });
    /** Saves a grant of `kind` under a fresh handle; device codes get a fresh user code. */
    const saveNew = async (kind: GrantKind, over: Partial<GrantInput> = {}, code = userCode()) => {
      const handle = newHandle();
      const grant = input(over);
      await store.save(kind, handle, grant, kind === 'device_code' ? { userCode: code } : undefined);
      return { handle, grant, userCode: code };
    };

    describe('save and find', () => {
      it('round-trips every field and JSON data, per kind', async () => {
        const data = {
          redirect_uri: 'https://app.example/cb',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          nested: { a: [1, 2.5, { b: null }], t: true },
          empty: [],
          text: 'ümlaut ✓',
        };
        const createdAt = Math.floor(nowS()) - 2;
        const handle = newHandle();
        const grant = input({ tenant: 'acme', createdAt, data });
        await store.save('authorization_code', handle, grant);
        expect(await store.find('authorization_code', handle)).toEqual({
          kind: 'authorization_code',
          clientId: 'client-a',
          subject: 'alice',
          tenant: 'acme',
          scopes: ['openid', 'api'],
          familyId: grant.familyId,
          createdAt,
          expiresAt: grant.expiresAt,
          data,
        });

        for (const kind of KINDS) {
          const since = nowS();
          const { handle: h2 } = await saveNew(kind, { subject: undefined, scopes: [] });
          const found = await store.find(kind, h2);
          expect(found?.kind).toBe(kind);
          expect(found?.subject).toBeUndefined();
          expect(found?.scopes).toEqual([]);
          expect(found?.data).toEqual({});
          expectSecondSince(found?.createdAt, since);
          expect(found?.deviceStatus).toBe(kind === 'device_code' ? 'pending' : undefined);
        }
      });

      it('keys by kind and handle: another kind, an unknown handle find nothing', async () => {
        const { handle } = await saveNew('refresh_token');
        expect(await store.find('authorization_code', handle)).toBeUndefined();
        expect(await store.find('reference_token', handle)).toBeUndefined();
        expect(await store.find('refresh_token', newHandle())).toBeUndefined();
      });

      it('returns copies: mutating a result changes nothing stored', async () => {
        const { handle } = await saveNew('reference_token', { data: { claims: { role: 'x' } } });
        const a = await store.find('reference_token', handle);
        a!.scopes.push('admin');
        (a!.data['claims'] as Record<string, string>)['role'] = 'admin';
        const b = await store.find('reference_token', handle);
        expect(b?.scopes).toEqual(['openid', 'api']);
        expect(b?.data).toEqual({ claims: { role: 'x' } });
      });

      it('rejects bad input, past expiry, duplicate handles', async () => {
        const handle = newHandle();
        await expectStoreError(store.save('authorization_code', handle, input({ expiresAt: Math.floor(nowS()) - 1 })), 'invalid_argument');
        await expectStoreError(store.save('authorization_code', handle, input({ expiresAt: nowS() })), 'invalid_argument');
        await expectStoreError(store.save('authorization_code', '', input()), 'invalid_argument');
        await expectStoreError(store.save('authorization_code', handle, input({ clientId: '' })), 'invalid_argument');
        await expectStoreError(store.save('authorization_code', handle, input({ familyId: '' })), 'invalid_argument');
        await expectStoreError(store.save('authorization_code', handle, input({ data: { f: () => 1 } })), 'invalid_argument');
        await expectStoreError(store.save('bogus' as GrantKind, handle, input()), 'invalid_argument');
        await expectStoreError(store.save('device_code', handle, input()), 'invalid_argument');
        await expectStoreError(store.save('refresh_token', handle, input(), { userCode: 'BCDF-GHJK' }), 'invalid_argument');
        expect(await store.find('authorization_code', handle)).toBeUndefined();

        await store.save('authorization_code', handle, input({ clientId: 'first' }));
        await expectStoreError(store.save('authorization_code', handle, input({ clientId: 'second' })), 'duplicate_handle');
        expect((await store.find('authorization_code', handle))?.clientId).toBe('first');
      });
    });

    it('never stores a handle or user code in clear', async () => {
      const saved = await Promise.all(KINDS.map((kind) => saveNew(kind, { data: { note: 'marker-value' } })));
      await store.consume('authorization_code', saved[0]!.handle);
      await store.update('refresh_token', saved[1]!.handle, { data: { rotated: true } });
      await store.pollDevice(saved[3]!.handle);
      await store.decideDevice(saved[3]!.userCode, { approve: true, subject: 'bob' });

      const dump = await h.rawDump();
      expect(dump).toContain('marker-value'); // the dump does show stored content
      for (const { handle } of saved) expect(dump).not.toContain(handle);
      for (const kind of KINDS) expect(dump).toContain(hashHandle(kind, saved[KINDS.indexOf(kind)]!.handle));
      const code = saved[3]!.userCode;
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    });

    it('expires records, keeps the TTL on update, and leaves nothing behind', async () => {
      const soon = nowS() + 0.5;
      const a = await saveNew('authorization_code', { expiresAt: soon });
      const b = await saveNew('refresh_token', { expiresAt: soon });
      const d = await saveNew('device_code', { expiresAt: soon });
      const c = await saveNew('refresh_token'); // own family: a live member keeps a family set (with stale entries) alive
      expect(await store.update('refresh_token', b.handle, { scopes: ['api'], data: { x: 1 } })).toMatchObject({ scopes: ['api'], expiresAt: soon });
      expect(await store.findByUserCode(d.userCode)).toBeDefined();

      await h.advance(700);

      expect(await store.find('authorization_code', a.handle)).toBeUndefined();
      expect(await store.find('refresh_token', b.handle)).toBeUndefined();
      expect(await store.find('device_code', d.handle)).toBeUndefined();
      expect(await store.findByUserCode(d.userCode)).toBeUndefined();
      expect(await store.consume('authorization_code', a.handle)).toEqual({ status: 'not_found' });
      expect(await store.update('refresh_token', b.handle, { data: { y: 1 } })).toBeUndefined();
      expect(await store.pollDevice(d.handle)).toEqual({ status: 'not_found' });
      expect((await store.find('refresh_token', c.handle))?.familyId).toBe(c.grant.familyId);

      const dump = await h.rawDump();
      for (const [kind, s] of [['authorization_code', a], ['refresh_token', b], ['device_code', d]] as const) {
        expect(dump).not.toContain(hashHandle(kind, s.handle));
      }
      expect(dump).not.toContain(hashUserCode(d.userCode));
      expect(dump).toContain(hashHandle('refresh_token', c.handle));
    });

    describe('consume', () => {
      it('is atomic: of 20 concurrent consumers exactly one wins (RFC 6749 §4.1.2)', async () => {
        const { handle } = await saveNew('authorization_code');
        const peer = h.openPeer ? await h.openPeer() : store;
        const since = nowS();
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 ? peer : store).consume('authorization_code', handle)),
        );
        const statuses = results.map((r) => r.status);
        expect(statuses.filter((s) => s === 'consumed')).toHaveLength(1);
        expect(statuses.filter((s) => s === 'already_consumed')).toHaveLength(19);
        const winner = results.find((r) => r.status === 'consumed');
        const consumedAt = winner && 'grant' in winner ? winner.grant.consumedAt : undefined;
        expectSecondSince(consumedAt, since);
        for (const r of results) if (r.status === 'already_consumed') expect(r.grant.consumedAt).toBe(consumedAt);
        expect((await store.find('authorization_code', handle))?.consumedAt).toBe(consumedAt);
      });

      it('answers not_found for unknown handles and other kinds', async () => {
        expect(await store.consume('refresh_token', newHandle())).toEqual({ status: 'not_found' });
        const { handle } = await saveNew('refresh_token');
        expect(await store.consume('authorization_code', handle)).toEqual({ status: 'not_found' });
      });

      it('with clientId: another client neither consumes nor learns the grant', async () => {
        const { handle } = await saveNew('refresh_token', { clientId: 'owner' });
        expect(await store.consume('refresh_token', handle, { clientId: 'thief' })).toEqual({ status: 'client_mismatch' });
        expect((await store.find('refresh_token', handle))?.consumedAt).toBeUndefined();
        expect((await store.consume('refresh_token', handle, { clientId: 'owner' })).status).toBe('consumed');
        expect(await store.consume('refresh_token', handle, { clientId: 'thief' })).toEqual({ status: 'client_mismatch' });
        expect((await store.consume('refresh_token', handle, { clientId: 'owner' })).status).toBe('already_consumed');
      });
    });

    describe('revokeFamily', () => {
      it('removes every kind in the family and nothing else (RFC 6819 §5.2.2.3)', async () => {
        const family = newHandle(16);
        const other = newHandle(16);
        const mine = await Promise.all(KINDS.map((kind) => saveNew(kind, { familyId: family })));
        const theirs = await Promise.all(KINDS.map((kind) => saveNew(kind, { familyId: other })));
        await store.consume('authorization_code', mine[0]!.handle);

        expect(await store.revokeFamily(family)).toBe(4);

        for (const [i, kind] of KINDS.entries()) {
          expect(await store.find(kind, mine[i]!.handle)).toBeUndefined();
          expect(await store.find(kind, theirs[i]!.handle)).toBeDefined();
        }
        expect(await store.consume('authorization_code', mine[0]!.handle)).toEqual({ status: 'not_found' });
        expect(await store.findByUserCode(mine[3]!.userCode)).toBeUndefined();
        expect(await store.findByUserCode(theirs[3]!.userCode)).toBeDefined();
        expect(await store.revokeFamily(family)).toBe(0);
        expect(await store.revokeFamily(newHandle(16))).toBe(0);
        const dump = await h.rawDump();
        for (const [i, kind] of KINDS.entries()) expect(dump).not.toContain(hashHandle(kind, mine[i]!.handle));
      });

      it('refuses new members afterwards, so a token saved during the revocation cannot survive it', async () => {
        const family = newHandle(16);
        await saveNew('refresh_token', { familyId: family });
        await store.revokeFamily(family);
        await expectStoreError(saveNew('refresh_token', { familyId: family }), 'family_revoked');
        const unknown = newHandle(16);
        await store.revokeFamily(unknown);
        await expectStoreError(saveNew('reference_token', { familyId: unknown }), 'family_revoked');
      });
    });

    describe('revokeRefreshFamilies', () => {
      it('revokes the families holding refresh tokens of that client and subject, and no other', async () => {
        // Own ids: a shared Redis may hold grants of earlier tests for client-a/alice.
        const [client, user] = [`client-${newHandle(16)}`, `user-${newHandle(16)}`];
        const mine = await saveNew('refresh_token', { clientId: client, subject: user });
        const sibling = await saveNew('reference_token', { clientId: client, subject: user, familyId: mine.grant.familyId });
        const second = await saveNew('refresh_token', { clientId: client, subject: user });
        const otherClient = await saveNew('refresh_token', { clientId: 'client-b', subject: user });
        const otherUser = await saveNew('refresh_token', { clientId: client, subject: 'bob' });
        const accessOnly = await saveNew('reference_token', { clientId: client, subject: user });
        expect(await store.revokeRefreshFamilies(client, user)).toBe(3);
        expect(await store.find('refresh_token', mine.handle)).toBeUndefined();
        expect(await store.find('reference_token', sibling.handle)).toBeUndefined();
        expect(await store.find('refresh_token', second.handle)).toBeUndefined();
        expect(await store.find('refresh_token', otherClient.handle)).toBeDefined();
        expect(await store.find('refresh_token', otherUser.handle)).toBeDefined();
        expect(await store.find('reference_token', accessOnly.handle)).toBeDefined();
        await expectStoreError(store.save('refresh_token', newHandle(), input({ familyId: mine.grant.familyId })), 'family_revoked');
        expect(await store.revokeRefreshFamilies(client, user)).toBe(0);
      });
    });

    describe('update and remove', () => {
      it('merges data shallowly, replaces subject and scopes, deletes undefined keys', async () => {
        const { handle } = await saveNew('reference_token', { data: { a: 1, b: { c: 2 }, gone: 'x' } });
        const updated = await store.update('reference_token', handle, {
          subject: 'bob',
          scopes: ['api'],
          data: { b: { d: 3 }, gone: undefined, e: [1] },
        });
        expect(updated).toMatchObject({ subject: 'bob', scopes: ['api'], data: { a: 1, b: { d: 3 }, e: [1] } });
        expect(await store.find('reference_token', handle)).toEqual(updated);
        expect(await store.update('reference_token', newHandle(), { subject: 'x' })).toBeUndefined();
        await expectStoreError(store.update('reference_token', handle, { data: { bad: 1n } }), 'invalid_argument');
      });

      it('keeps both of two concurrent updates of different data keys', async () => {
        const { handle } = await saveNew('device_code');
        const peer = h.openPeer ? await h.openPeer() : store;
        await Promise.all([
          store.update('device_code', handle, { data: { lastSeenIp: '10.0.0.1' } }),
          peer.update('device_code', handle, { data: { label: 'TV' } }),
        ]);
        expect((await store.find('device_code', handle))?.data).toEqual({ lastSeenIp: '10.0.0.1', label: 'TV' });
      });

      it('removes one grant and its user code index', async () => {
        const d = await saveNew('device_code');
        const r = await saveNew('refresh_token', { familyId: d.grant.familyId });
        expect(await store.remove('device_code', d.handle)).toBe(true);
        expect(await store.remove('device_code', d.handle)).toBe(false);
        expect(await store.find('device_code', d.handle)).toBeUndefined();
        expect(await store.findByUserCode(d.userCode)).toBeUndefined();
        expect(await store.find('refresh_token', r.handle)).toBeDefined();
        await saveNew('device_code', {}, d.userCode); // the user code is free again
        expect(await store.revokeFamily(d.grant.familyId)).toBe(1);
      });
    });

    describe('device flow (RFC 8628)', () => {
      it('finds by user code case- and hyphen-insensitively; user codes are unique', async () => {
        const code = userCode();
        const { handle } = await saveNew('device_code', {}, code);
        const plain = code.replace('-', '');
        for (const typed of [code, code.toLowerCase(), plain, ` ${plain.slice(0, 4)} ${plain.slice(4).toLowerCase()} `, `${plain.slice(0, 2)}-${plain.slice(2)}`]) {
          expect((await store.findByUserCode(typed))?.familyId, typed).toBe((await store.find('device_code', handle))?.familyId);
        }
        expect(await store.findByUserCode(userCode())).toBeUndefined();
        await expectStoreError(saveNew('device_code', {}, code.toLowerCase()), 'duplicate_user_code');
      });

      it('polls pending with the previous poll time, then approves once and consumes on the next poll', async () => {
        const { handle, userCode: code } = await saveNew('device_code', { subject: undefined, scopes: ['openid', 'api', 'offline_access'] });
        const since = nowS();
        const first = await store.pollDevice(handle);
        expect(first.status).toBe('pending');
        expect(first).not.toHaveProperty('previousPollAt');
        const t1 = first.status === 'pending' ? first.grant.lastPolledAt : undefined;
        expectSecondSince(t1, since);
        expect((await store.find('device_code', handle))?.lastPolledAt).toBe(t1);
        await h.advance(1000);
        const second = await store.pollDevice(handle);
        expect(second).toMatchObject({ status: 'pending', previousPollAt: t1 });
        expect(second.status === 'pending' && second.grant.lastPolledAt).toBeGreaterThan(t1!);
        expect(await store.pollDevice(handle, { clientId: 'other' })).toEqual({ status: 'client_mismatch' });

        const decided = await store.decideDevice(code.toLowerCase(), { approve: true, subject: 'alice', scopes: ['openid', 'api'], data: { auth_time: 123 } });
        expect(decided).toMatchObject({ status: 'decided', grant: { deviceStatus: 'approved', subject: 'alice', scopes: ['openid', 'api'], data: { auth_time: 123 } } });
        expect((await store.decideDevice(code, { approve: false })).status).toBe('already_decided');
        expect((await store.find('device_code', handle))?.deviceStatus).toBe('approved');

        const peer = h.openPeer ? await h.openPeer() : store;
        const beforePolls = nowS();
        const polls = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? peer : store).pollDevice(handle, { clientId: 'client-a' })));
        expect(polls.filter((p) => p.status === 'approved')).toHaveLength(1);
        expect(polls.filter((p) => p.status === 'already_consumed')).toHaveLength(9);
        const approved = polls.find((p) => p.status === 'approved');
        expect(approved).toMatchObject({ grant: { subject: 'alice' } });
        expectSecondSince(approved?.status === 'approved' ? approved.grant.consumedAt : undefined, beforePolls);
        expect((await store.decideDevice(code, { approve: true, subject: 'mallory' })).status).toBe('already_decided');
      });

      it('reports denial; decisions on unknown codes find nothing', async () => {
        const { handle, userCode: code } = await saveNew('device_code');
        expect(await store.decideDevice(code, { approve: false })).toMatchObject({ status: 'decided', grant: { deviceStatus: 'denied' } });
        expect((await store.pollDevice(handle)).status).toBe('denied');
        expect((await store.decideDevice(code, { approve: true, subject: 'alice' })).status).toBe('already_decided');
        expect(await store.decideDevice(userCode(), { approve: true, subject: 'alice' })).toEqual({ status: 'not_found' });
        expect(await store.pollDevice(newHandle())).toEqual({ status: 'not_found' });
      });

      it('decides exactly once under concurrent approvals', async () => {
        const { userCode: code } = await saveNew('device_code');
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) => store.decideDevice(code, i % 2 ? { approve: false } : { approve: true, subject: `user-${i}` })),
        );
        expect(results.filter((r) => r.status === 'decided')).toHaveLength(1);
        expect(results.filter((r) => r.status === 'already_decided')).toHaveLength(9);
      });
    });

    it('two instances on one backend see each other’s grants', async (ctx) => {
      if (!h.openPeer) {
        ctx.skip();
        return;
      }
      const peer = await h.openPeer();
      const { handle, grant } = await saveNew('refresh_token');
      expect((await peer.find('refresh_token', handle))?.familyId).toBe(grant.familyId);
      expect((await peer.consume('refresh_token', handle)).status).toBe('consumed');
      expect((await store.consume('refresh_token', handle)).status).toBe('already_consumed');
      const d = await saveNew('device_code', { familyId: grant.familyId });
      expect((await peer.decideDevice(d.userCode, { approve: true, subject: 'alice' })).status).toBe('decided');
      expect(await peer.revokeFamily(grant.familyId)).toBe(2);
      expect(await store.find('refresh_token', handle)).toBeUndefined();
      expect(await store.findByUserCode(d.userCode)).toBeUndefined();
    });
  });
}
