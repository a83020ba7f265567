import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user, verificationApplications } from '../src/db/schema';
import { countUpTo, paginate, SEARCH_COUNT_CAP } from '../src/lib/lists';
import { createUser } from '../src/seed/factories';
import { resources as api } from '@easyfund/shared/api/resources';
import { as, createSignedInUser, useTestApp } from './helper';

const { ctx, admin } = useTestApp({ admin: { role: 'admin', name: 'Ayesha Rahman' } });

const roleOf = async (id: string) =>
  (await ctx.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;

describe('manage users', () => {
  it('lists users 20 a page with name, email, role and photo, and pages on', async () => {
    for (let i = 0; i < 22; i++) {
      await createUser(ctx.app.auth, ctx.db, {
        name: `Paged Person ${i}`,
        email: `paged-${i}@example.com`,
        image: 'https://example.com/p.png',
      });
    }
    const first = await as(admin).call(api.users.list, { query: { q: 'paged' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 22, page: 1, pageSize: 20 });
    expect(first.json().items).toHaveLength(20);
    expect(first.json().items[0]).toEqual({
      id: expect.any(String),
      name: 'Paged Person 21',
      email: 'paged-21@example.com',
      image: 'https://example.com/p.png',
      role: 'user',
      createdAt: expect.any(String),
      phoneNumber: null,
    });
    const second = await as(admin).call(api.users.list, { query: { q: 'paged', page: 2 } });
    expect(second.json().items).toHaveLength(2);
    expect(second.json().page).toBe(2);
  });

  it('counts a name many people share up to SEARCH_COUNT_CAP, saying when more match; the whole list further', async () => {
    const word = `Shared${randomUUID().slice(0, 8)}`;
    const people = (from: number, to: number) =>
      ctx.database.executeSql(
        `insert into "user" (id, name, email, email_verified, created_at)
         select $1 || i, $1 || ' Person ' || i, lower($1) || i || '@example.com', true,
                now() - i * interval '1 second'
         from generate_series(${from}, ${to}) i`,
        [word],
      );
    // Exactly the cap: the total is exact.
    await people(1, SEARCH_COUNT_CAP);
    const exact = (await as(admin).call(api.users.list, { query: { q: word } })).json();
    expect(exact).toMatchObject({ total: SEARCH_COUNT_CAP, page: 1, pageSize: 20 });
    expect(exact.capped).toBeUndefined();
    // One more: the count stops at the cap and says that more match.
    await people(SEARCH_COUNT_CAP + 1, SEARCH_COUNT_CAP + 1);
    const found = await as(admin).call(api.users.list, { query: { q: word } });
    expect(found.json()).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true, page: 1 });
    expect(found.json().items[0]!.name).toBe(`${word} Person 1`);
    const all = (await as(admin).call(api.users.list, { query: {} })).json();
    expect(all.total).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(all.capped).toBeUndefined();
  });

  it('counts a list when its count is awaited, not when it is asked for', async () => {
    const word = `Late${randomUUID().slice(0, 8)}`;
    const counting = countUpTo(ctx.db, user, like(user.name, `${word}%`));
    await createUser(ctx.app.auth, ctx.db, {
      name: `${word} Person`,
      email: `${word}@example.com`,
    });
    expect(await counting).toEqual([{ n: 1 }]);
    // A page whose own query fails as it is built: its count never runs, so a count that
    // would fail too (a division by zero) is never heard of, and fails only once awaited.
    const failing = countUpTo(ctx.db, user, sql`1 / 0 = 1`);
    await expect(
      paginate(
        { page: 1, pageSize: 20 },
        () => {
          throw new Error('the page could not be built');
        },
        failing,
        (row) => row,
      ),
    ).rejects.toThrow('the page could not be built');
    await expect(failing).rejects.toThrow(/Failed query: select count/);
  });

  it('searches by name or e-mail, ignoring case, and takes % literally', async () => {
    await createUser(ctx.app.auth, ctx.db, { name: 'Tahmina Sultana', email: 'ts@example.org' });
    await createUser(ctx.app.auth, ctx.db, { name: 'Someone', email: 'tahmina.work@example.net' });
    const byName = await as(admin).call(api.users.list, { query: { q: 'TAHMINA' } });
    expect(
      byName
        .json()
        .items.map((u) => u.email)
        .sort(),
    ).toEqual(['tahmina.work@example.net', 'ts@example.org']);
    const byEmail = await as(admin).call(api.users.list, { query: { q: 'example.org' } });
    expect(byEmail.json().items.map((u) => u.name)).toEqual(['Tahmina Sultana']);
    const percent = await as(admin).call(api.users.list, { query: { q: '%' } });
    expect(percent.json().total).toBe(0);
  });

  it('Make Verified turns a user into a verified raiser, who sees it at once', async () => {
    const person = await createSignedInUser(ctx);
    const res = await as(admin).call(api.users.changeRole, {
      params: { id: person.id },
      body: { role: 'verified' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: person.id, role: 'verified' });
    expect((await as(person).call(api.session.me)).json().role).toBe('verified');
  });

  it('Make Verified closes the person’s pending application as approved by that admin', async () => {
    const person = await createSignedInUser(ctx);
    const applied = await as(person).call(api.verifications.apply, {
      body: {
        name: 'Rafiq Islam',
        image: '/uploads/0b6c8a3e-7a43-4bde-9d0e-3d1c7a1b2c3d.png',
        idCardNumber: '1990123456789',
        phoneNumber: '01712345678',
      },
    });
    expect(applied.statusCode).toBe(201);
    const res = await as(admin).call(api.users.changeRole, {
      params: { id: person.id },
      body: { role: 'verified' },
    });
    expect(res.statusCode).toBe(200);
    const [application] = await ctx.db
      .select()
      .from(verificationApplications)
      .where(eq(verificationApplications.userId, person.id));
    expect(application).toMatchObject({ status: 'approved', decidedBy: admin.id });
    expect(application!.decidedAt).toBeInstanceOf(Date);
    const mine = await as(person).call(api.verifications.mine);
    expect(mine.json().application?.status).toBe('approved');
  });

  it('Make Admin works from user and verified; repeating it or demoting an admin is refused', async () => {
    const person = await createSignedInUser(ctx, { role: 'verified' });
    const res = await as(admin).call(api.users.changeRole, {
      params: { id: person.id },
      body: { role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('admin');
    const again = await as(admin).call(api.users.changeRole, {
      params: { id: person.id },
      body: { role: 'admin' },
    });
    expect(again.statusCode).toBe(409);
    const demote = await as(admin).call(api.users.changeRole, {
      params: { id: person.id },
      body: { role: 'verified' },
    });
    expect(demote.statusCode).toBe(409);
    expect(await roleOf(person.id)).toBe('admin');
  });

  it('refuses an unknown user (404) and a role other than verified or admin (400)', async () => {
    const person = await createSignedInUser(ctx);
    expect(
      (
        await as(admin).call(api.users.changeRole, {
          params: { id: 'nobody' },
          body: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(404);
    for (const role of ['user', 'owner', '']) {
      const res = await as(admin).send(api.users.changeRole, {
        params: { id: person.id },
        body: { role },
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await roleOf(person.id)).toBe('user');
  });

  it('is for admins only: users and verified raisers get 403, visitors 401, and nothing changes', async () => {
    const person = await createSignedInUser(ctx);
    const verified = await createSignedInUser(ctx, { role: 'verified' });
    for (const who of [person, verified]) {
      expect((await as(who).call(api.users.list)).statusCode).toBe(403);
      const res = await as(who).call(api.users.changeRole, {
        params: { id: who.id },
        body: { role: 'admin' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await as(ctx).call(api.users.list)).statusCode).toBe(401);
    expect(
      (
        await as(ctx).call(api.users.changeRole, {
          params: { id: person.id },
          body: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(401);
    expect(await roleOf(person.id)).toBe('user');
    expect(await roleOf(verified.id)).toBe('verified');
  });
});
