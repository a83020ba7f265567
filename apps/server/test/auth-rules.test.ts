import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@easyfund/shared/texts';
import { PHOTO_URL_MESSAGE } from '@easyfund/shared/schemas/session';
import { user } from '../src/db/schema';
import { createSignedInUser, ORIGIN, signIn, useTestApp } from './helper';

const { ctx } = useTestApp();

/** Spellings of one route that the identity layer's router resolves alike. */
const VARIANTS = (route: string) => [
  `/api/auth/${route}`,
  `/api/auth/./${route}`,
  `/api/auth/x/../${route}`,
  `/api/auth//${route}`,
  `/api/auth/${route}/`,
  `/api/auth/%2e/${route}`,
  `/api/auth/${route.replace(/^(.)/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
  `/api/auth/${route.replace('/', '/./')}`,
];

async function accountExists(email: string) {
  const rows = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return rows.length > 0;
}

describe('the sign-up rules hold for every spelling of the path', () => {
  let n = 0;
  for (const url of VARIANTS('sign-up/email')) {
    it(`refuses a password without a digit and a javascript: photo at ${url}`, async () => {
      const email = `variant-${n++}@example.com`;
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: ORIGIN,
        payload: { name: 'Rahim', image: 'javascript:alert(1)', email, password: 'abcdefg' },
      });
      // Either our 400 with the specification's messages, or no such route at all.
      expect([400, 404]).toContain(res.statusCode);
      if (res.statusCode === 400) {
        expect(res.json().error.fields).toMatchObject({
          password: MSG.password,
          image: PHOTO_URL_MESSAGE,
        });
      }
      expect(await accountExists(email)).toBe(false);
    });
  }
});

describe('the reset-password rule holds for every spelling of the path', () => {
  for (const url of VARIANTS('reset-password')) {
    it(`refuses a new password without a digit at ${url}`, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: ORIGIN,
        payload: { token: 'made-up-token', newPassword: 'abcdefg' },
      });
      expect([400, 404]).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().error.fields.newPassword).toBe(MSG.password);
    });
  }
});

describe('profile and password changes follow the sign-up rules', () => {
  const update = (cookie: string, payload: unknown, url = '/api/auth/update-user') =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...ORIGIN },
      payload: payload as object,
    });

  it('refuses an over-long name, an empty name and a null name with 400, changing nothing', async () => {
    const u = await createSignedInUser(ctx, { name: 'Karim' });
    for (const name of ['x'.repeat(101), '   ', null, 42]) {
      for (const url of VARIANTS('update-user')) {
        const res = await update(u.cookie, { name }, url);
        expect([400, 404], `${url} ${String(name).slice(0, 10)}`).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().error.fields.name).toBeTruthy();
      }
    }
    const [row] = await ctx.db.select().from(user).where(eq(user.id, u.id));
    expect(row?.name).toBe('Karim');
  });

  it('refuses a photo that is not an https address or one of our uploads', async () => {
    const u = await createSignedInUser(ctx);
    for (const image of [
      'javascript:alert(1)',
      'http://example.com/a.png',
      'data:image/png;base64,AA',
      '/api/me',
    ]) {
      const res = await update(u.cookie, { image });
      expect(res.statusCode, image).toBe(400);
      expect(res.json().error.fields.image).toBe(PHOTO_URL_MESSAGE);
    }
    const [row] = await ctx.db.select().from(user).where(eq(user.id, u.id));
    expect(row?.image).toBe('/images/avatar.svg');
  });

  it('accepts a name within the limit and an https or uploaded photo', async () => {
    const u = await createSignedInUser(ctx);
    const ok = await update(u.cookie, {
      name: ' Nusrat Jahan ',
      image: 'https://example.com/n.png',
    });
    expect(ok.statusCode).toBe(200);
    const upload = await update(u.cookie, { image: '/uploads/abc123.webp' });
    expect(upload.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(user).where(eq(user.id, u.id));
    expect(row).toMatchObject({ name: 'Nusrat Jahan', image: '/uploads/abc123.webp' });
  });

  it("refuses a new password without letters and digits with the spec's message", async () => {
    const u = await createSignedInUser(ctx);
    for (const url of VARIANTS('change-password')) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie: u.cookie, ...ORIGIN },
        payload: { currentPassword: u.password, newPassword: 'abcdefgh' },
      });
      expect([400, 404], url).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().error.fields.newPassword).toBe(MSG.password);
    }
    // The old password still works; a good new one is accepted.
    await expect(signIn(ctx.app, u.email, u.password)).resolves.toBeTruthy();
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: u.cookie, ...ORIGIN },
      payload: { currentPassword: u.password, newPassword: 'newpass42' },
    });
    expect(ok.statusCode).toBe(200);
    await expect(signIn(ctx.app, u.email, 'newpass42')).resolves.toBeTruthy();
  });
});
