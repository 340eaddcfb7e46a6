/**
 * The behaviour every {@link UserStore} gives (core/stores/user-store.ts): look-ups by subject, user name and
 * e-mail ignoring case and compatibility forms, atomic uniqueness on create, renames that keep uniqueness,
 * removal, fresh copies, and the per-user grant family list.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UserStoreError, type StoredUser, type UserStore } from '../../core/stores/user-store.js';

export const someUser = (over: Partial<StoredUser> = {}): StoredUser => ({
  subject: randomUUID(), userName: `user-${randomUUID().slice(0, 8)}`, emailConfirmed: false, createdAt: 1_700_000_000, ...over,
});

export function userStoreContract(name: string, make: () => Promise<UserStore>): void {
  describe(name, () => {
    it('finds a user by subject, by user name and by e-mail, ignoring case and NFKC forms', async () => {
      const store = await make();
      try {
        const user = someUser({ userName: 'Anna.Berg', email: 'Anna@Example.org', claims: { name: 'Anna' } });
        expect(await store.create(user)).toEqual({ ok: true });
        expect(await store.bySubject(user.subject)).toEqual(user);
        expect((await store.byIdentifier('anna.berg'))?.subject).toBe(user.subject);
        expect((await store.byIdentifier('ANNA@EXAMPLE.ORG'))?.subject).toBe(user.subject);
        // U+FF21 FULLWIDTH LATIN CAPITAL LETTER A folds to "a" under NFKC.
        expect((await store.byIdentifier('\uFF21nna.berg'))?.subject).toBe(user.subject);
        expect(await store.byIdentifier('anna')).toBeUndefined();
        expect(await store.bySubject(randomUUID())).toBeUndefined();
      } finally {
        await store.close();
      }
    });

    it('refuses a second user name or e-mail ignoring case, naming which', async () => {
      const store = await make();
      try {
        const first = someUser({ userName: 'carl', email: 'carl@example.org' });
        expect(await store.create(first)).toEqual({ ok: true });
        expect(await store.create(someUser({ userName: 'CARL' }))).toEqual({ ok: false, conflict: 'userName' });
        expect(await store.create(someUser({ userName: 'carl2', email: 'Carl@Example.ORG' }))).toEqual({ ok: false, conflict: 'email' });
        expect(await store.byIdentifier('carl2')).toBeUndefined();
      } finally {
        await store.close();
      }
    });

    it('lets exactly one of many concurrent creations of one user name win', async () => {
      const store = await make();
      try {
        const results = await Promise.all(Array.from({ length: 12 }, (_, i) => store.create(someUser({ userName: i % 2 ? 'Race' : 'race', email: `race${i}@example.org` }))));
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        expect(results.filter((r) => !r.ok && r.conflict === 'userName')).toHaveLength(11);
      } finally {
        await store.close();
      }
    });

    it('limits a look-up to a tenant when asked', async () => {
      const store = await make();
      try {
        await store.create(someUser({ userName: 'tenant-user', tenant: 'acme' }));
        await store.create(someUser({ userName: 'any-tenant', tenants: [] }));
        expect(await store.byIdentifier('tenant-user', 'acme')).toBeDefined();
        expect(await store.byIdentifier('tenant-user', 'other')).toBeUndefined();
        expect(await store.byIdentifier('tenant-user')).toBeDefined();
        expect(await store.byIdentifier('any-tenant', 'other')).toBeDefined();
      } finally {
        await store.close();
      }
    });

    it('updates, renames keeping uniqueness, removes keys set to undefined, and deletes', async () => {
      const store = await make();
      try {
        const a = someUser({ userName: 'dora', email: 'dora@example.org', disabled: false });
        const b = someUser({ userName: 'emil', email: 'emil@example.org' });
        await store.create(a);
        await store.create(b);
        const renamed = await store.update(a.subject, { userName: 'Dora2', email: undefined, emailConfirmed: true, subject: 'ignored' });
        expect(renamed).toMatchObject({ subject: a.subject, userName: 'Dora2', emailConfirmed: true });
        expect(renamed).not.toHaveProperty('email');
        expect(await store.byIdentifier('dora')).toBeUndefined();
        expect(await store.byIdentifier('dora@example.org')).toBeUndefined();
        expect((await store.byIdentifier('dora2'))?.subject).toBe(a.subject);
        // The freed e-mail can be taken by someone else now.
        expect(await store.update(b.subject, { email: 'DORA@example.org' })).toMatchObject({ email: 'DORA@example.org' });
        const error = await store.update(a.subject, { userName: 'EMIL' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UserStoreError);
        expect(error).toMatchObject({ code: 'conflict', conflict: 'userName' });
        expect((await store.byIdentifier('emil'))?.subject).toBe(b.subject);
        expect(await store.update(randomUUID(), { disabled: true })).toBeUndefined();
        expect(await store.delete(a.subject)).toBe(true);
        expect(await store.delete(a.subject)).toBe(false);
        expect(await store.bySubject(a.subject)).toBeUndefined();
        expect(await store.byIdentifier('dora2')).toBeUndefined();
        expect(await store.create(someUser({ userName: 'dora2' }))).toEqual({ ok: true });
      } finally {
        await store.close();
      }
    });

    it('returns copies: changing one changes nothing stored', async () => {
      const store = await make();
      try {
        const user = someUser({ claims: { name: 'X' }, roles: ['user'] });
        await store.create(user);
        user.roles!.push('admin');
        const read = (await store.bySubject(user.subject))!;
        (read.claims as Record<string, unknown>).name = 'Y';
        expect(await store.bySubject(user.subject)).toMatchObject({ claims: { name: 'X' }, roles: ['user'] });
      } finally {
        await store.close();
      }
    });

    it('keeps the live grant families of a user and hands them out once', async () => {
      const store = await make();
      try {
        const now = Date.now() / 1000;
        await store.trackGrantFamily('s1', 'f1', now + 600);
        await store.trackGrantFamily('s1', 'f2', now + 600);
        await store.trackGrantFamily('s1', 'gone', now - 1);
        await store.trackGrantFamily('s2', 'f3', now + 600);
        expect((await store.takeGrantFamilies('s1')).sort()).toEqual(['f1', 'f2']);
        expect(await store.takeGrantFamilies('s1')).toEqual([]);
        expect(await store.takeGrantFamilies('s2')).toEqual(['f3']);
      } finally {
        await store.close();
      }
    });
  });
}
