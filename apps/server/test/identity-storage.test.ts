import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { resources as api } from '@easyfund/shared/api/resources';
import {
  IDENTITY_STORAGES,
  IdleOffStorage,
  installIdentityStorages,
} from '../src/modules/identity/context-storage';
import { as, createSignedInUser, postAuth, useTestApp } from './helper';

describe('a storage switched off between its runs', () => {
  it('keeps each run its own store across awaits, runs side by side included', async () => {
    const storage = new IdleOffStorage<string>();
    const seen: (string | undefined)[] = [];
    const step = async (name: string, ms: number) => {
      seen.push(storage.getStore());
      await sleep(ms);
      seen.push(storage.getStore());
      await Promise.resolve();
      return `${name}:${storage.getStore()}`;
    };
    const [a, b] = await Promise.all([
      storage.run('a', () => step('a', 5)),
      storage.run('b', () => step('b', 20)),
    ]);
    expect([a, b]).toEqual(['a:a', 'b:b']);
    expect(seen.sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(storage.running).toBe(0);
    expect(storage.getStore()).toBeUndefined();
  });

  it('keeps the outer store while an inner run of the same storage has ended', async () => {
    const storage = new IdleOffStorage<string>();
    const outer = await storage.run('outer', async () => {
      const inner = await storage.run('inner', async () => {
        await sleep(1);
        return storage.getStore();
      });
      await sleep(1);
      return [inner, storage.getStore(), storage.running];
    });
    expect(outer).toEqual(['inner', 'outer', 1]);
    expect(storage.running).toBe(0);
  });

  it('ends a run that throws or rejects, and runs again afterwards', async () => {
    const storage = new IdleOffStorage<number>();
    expect(() =>
      storage.run(1, () => {
        throw new Error('sync');
      }),
    ).toThrow('sync');
    await expect(
      storage.run(2, async () => {
        await sleep(1);
        throw new Error('async');
      }),
    ).rejects.toThrow('async');
    expect(storage.running).toBe(0);
    expect(storage.run(3, () => storage.getStore())).toBe(3);
    expect(await storage.run(4, async () => (await sleep(1), storage.getStore()))).toBe(4);
    expect(storage.running).toBe(0);
  });
});

const { ctx } = useTestApp();

describe("the identity layer's request state", () => {
  it('is kept in storages switched off once its calls have ended', async () => {
    // Sign-up (a transaction of its own), sign-in, and a session read by the identity layer.
    const u = await createSignedInUser(ctx, { name: 'Storage Check' });
    const storages = installIdentityStorages();
    expect(storages).toHaveLength(IDENTITY_STORAGES.length);
    for (const storage of storages) {
      // Of this class, by name: the state is the process's, and a test worker that loads
      // the modules again per file keeps the storages the first of them made.
      expect(storage.constructor.name).toBe(IdleOffStorage.name);
      expect((storage as IdleOffStorage<unknown>).running).toBe(0);
    }
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: u.cookie },
    });
    expect(session.json()).toMatchObject({ user: { id: u.id } });
    const me = await as(u).call(api.session.get);
    expect(me.json()).toMatchObject({ user: { id: u.id, name: 'Storage Check' } });
    const wrong = await postAuth(ctx.app, 'sign-in/email', {
      email: u.email,
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    for (const storage of storages) expect((storage as IdleOffStorage<unknown>).running).toBe(0);
  });
});
