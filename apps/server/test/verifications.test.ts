import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { user, verificationApplications } from '../src/db/schema';
import { createVerificationApplication } from '../src/seed/factories';
import { as, createSignedInUser, useTestApp, decide, requiredFields } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

const { ctx, admin } = useTestApp({ admin: { role: 'admin', name: 'Ayesha Rahman' } });

const APPLICATION = {
  name: 'Rafiq Islam',
  image: '/uploads/0b6c8a3e-7a43-4bde-9d0e-3d1c7a1b2c3d.png',
  idCardNumber: '1990123456789',
  phoneNumber: '01712345678',
};

const applicationsOf = (userId: string) =>
  ctx.db.select().from(verificationApplications).where(eq(verificationApplications.userId, userId));

const roleOf = async (userId: string) =>
  (await ctx.db.select({ role: user.role }).from(user).where(eq(user.id, userId)))[0]?.role;

describe('be a fund raiser', () => {
  it('a user applies: the application is pending and shows on their page', async () => {
    const applicant = await createSignedInUser(ctx);
    const res = await as(applicant).call(api.verifications.apply, { body: APPLICATION });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...APPLICATION, status: 'pending', feedback: null });
    const mine = await as(applicant).call(api.verifications.mine);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      role: 'user',
      application: { id: res.json().id, status: 'pending' },
    });
  });

  it('refuses a second application while one is pending, with a clear message', async () => {
    const applicant = await createSignedInUser(ctx);
    expect(
      (await as(applicant).call(api.verifications.apply, { body: APPLICATION })).statusCode,
    ).toBe(201);
    const again = await as(applicant).call(api.verifications.apply, { body: APPLICATION });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'You already have an application waiting for an admin. You can apply again once it is decided.',
    );
    expect(await applicationsOf(applicant.id)).toHaveLength(1);
  });

  it('keeps one pending application when two arrive at once', async () => {
    const applicant = await createSignedInUser(ctx);
    const results = await Promise.all([
      as(applicant).call(api.verifications.apply, { body: APPLICATION }),
      as(applicant).call(api.verifications.apply, { body: APPLICATION }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await applicationsOf(applicant.id)).toHaveLength(1);
  });

  it("answers 'This field is required' for each empty field", async () => {
    const applicant = await createSignedInUser(ctx);
    const res = await as(applicant).send(api.verifications.apply, {
      body: { name: '', image: '', idCardNumber: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(
      requiredFields('name', 'image', 'idCardNumber', 'phoneNumber'),
    );
    expect(await applicationsOf(applicant.id)).toHaveLength(0);
  });

  it('checks a Bangladeshi mobile number and a national ID number of plausible length', async () => {
    const applicant = await createSignedInUser(ctx);
    for (const [idCardNumber, phoneNumber] of [
      ['12345', '01712345678'],
      ['12345678901', '01712345678'],
      ['1990123456789', '01212345678'],
      ['1990123456789', '0171234567'],
      ['1990123456789', '+4401712345678'],
    ] as const) {
      const res = await as(applicant).call(api.verifications.apply, {
        body: {
          ...APPLICATION,
          idCardNumber,
          phoneNumber,
        },
      });
      expect(res.statusCode, `${idCardNumber} ${phoneNumber}`).toBe(400);
    }
    const res = await as(applicant).call(api.verifications.apply, {
      body: {
        ...APPLICATION,
        idCardNumber: 'x',
        phoneNumber: '123',
      },
    });
    expect(res.json().error.fields).toEqual({
      idCardNumber: 'Enter a national ID number of 10, 13 or 17 digits',
      phoneNumber: 'Enter a Bangladeshi mobile number, like 01712345678',
    });
    expect(await applicationsOf(applicant.id)).toHaveLength(0);
  });

  it('accepts +88 and 88 prefixes, spaces and dashes, and stores the plain numbers', async () => {
    const applicant = await createSignedInUser(ctx);
    const res = await as(applicant).call(api.verifications.apply, {
      body: {
        ...APPLICATION,
        idCardNumber: '199 0123 456 789 0000',
        phoneNumber: '+880 1912-345678',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      idCardNumber: '19901234567890000',
      phoneNumber: '01912345678',
    });
  });

  it('accepts a national ID and a mobile number typed in Bangla digits, stored in ASCII', async () => {
    const applicant = await createSignedInUser(ctx);
    const res = await as(applicant).call(api.verifications.apply, {
      body: {
        ...APPLICATION,
        idCardNumber: '১২৩৪৫৬৭৮৯০',
        phoneNumber: '০১৭১২৩৪৫৬৭৮',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ idCardNumber: '1234567890', phoneNumber: '01712345678' });
  });

  it('is for role user only: a verified raiser and an admin get 403, a visitor 401', async () => {
    const verified = await createSignedInUser(ctx, { role: 'verified' });
    expect(
      (await as(verified).call(api.verifications.apply, { body: APPLICATION })).statusCode,
    ).toBe(403);
    expect((await as(admin).call(api.verifications.apply, { body: APPLICATION })).statusCode).toBe(
      403,
    );
    expect((await as(ctx).call(api.verifications.apply, { body: APPLICATION })).statusCode).toBe(
      401,
    );
    expect((await as(ctx).call(api.verifications.mine)).statusCode).toBe(401);
    const mine = await as(verified).call(api.verifications.mine);
    expect(mine.json()).toEqual({ role: 'verified', application: null });
  });
});

/** A user, and the pending application to raise funds they sent. */
async function applicantWithApplication() {
  const applicant = await createSignedInUser(ctx);
  const app = await createVerificationApplication(ctx.db, { userId: applicant.id });
  return { applicant, app };
}

describe('manage verification', () => {
  it('lists every application with the applicant, ID and phone', async () => {
    const applicant = await createSignedInUser(ctx, { name: 'Listed Person' });
    const app = await createVerificationApplication(ctx.db, { userId: applicant.id });
    const res = await as(admin).call(api.verifications.list, { query: { pageSize: '100' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.find((a) => a.id === app.id)).toMatchObject({
      applicant: { id: applicant.id, name: 'Listed Person', email: applicant.email, role: 'user' },
      idCardNumber: app.idCardNumber,
      phoneNumber: app.phoneNumber,
      status: 'pending',
    });
  });

  it('approving makes the applicant verified, records the admin, and cannot be repeated', async () => {
    const { applicant, app } = await applicantWithApplication();
    const res = await decide(admin, 'verification', app.id, {
      status: 'approved',
      feedback: 'Welcome aboard',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      feedback: 'Welcome aboard',
      applicant: { role: 'verified' },
      decidedBy: { id: admin.id },
    });
    expect(res.json().decidedAt).toEqual(expect.any(String));
    const me = await as(applicant).call(api.session.me);
    expect(me.json().role).toBe('verified');

    const again = await decide(admin, 'verification', app.id, {
      status: 'denied',
      feedback: 'Approved by mistake',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This application has already been approved');
    expect(await roleOf(applicant.id)).toBe('verified');
  });

  it('denying keeps the role, shows the feedback to the applicant, who may apply again', async () => {
    const { applicant, app } = await applicantWithApplication();
    const res = await decide(admin, 'verification', app.id, {
      status: 'denied',
      feedback: 'The ID photo is unreadable',
    });
    expect(res.statusCode).toBe(200);
    expect(await roleOf(applicant.id)).toBe('user');
    const mine = await as(applicant).call(api.verifications.mine);
    expect(mine.json().application).toMatchObject({
      status: 'denied',
      feedback: 'The ID photo is unreadable',
    });
    expect(
      (await as(applicant).call(api.verifications.apply, { body: APPLICATION })).statusCode,
    ).toBe(201);
  });

  it('approving an application of someone who became admin meanwhile keeps them admin', async () => {
    const { applicant, app } = await applicantWithApplication();
    await ctx.db.update(user).set({ role: 'admin' }).where(eq(user.id, applicant.id));
    const res = await decide(admin, 'verification', app.id, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(await roleOf(applicant.id)).toBe('admin');
  });

  it('refuses the admin pages to everybody else and leaves the application pending', async () => {
    const applicant = await createSignedInUser(ctx);
    const verified = await createSignedInUser(ctx, { role: 'verified' });
    const app = await createVerificationApplication(ctx.db, { userId: applicant.id });
    for (const who of [applicant, verified]) {
      expect((await as(who).call(api.verifications.list)).statusCode).toBe(403);
      expect(
        (
          await as(who).call(api.verifications.decide, {
            params: { id: app.id },
            body: { status: 'approved', version: 1 },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await as(ctx).call(api.verifications.list)).statusCode).toBe(401);
    expect(
      (
        await as(admin).call(api.verifications.decide, {
          params: { id: '00000000-0000-4000-8000-000000000000' },
          body: { status: 'approved', version: 1 },
        })
      ).statusCode,
    ).toBe(404);
    const [row] = await applicationsOf(applicant.id);
    expect(row?.status).toBe('pending');
    expect(await roleOf(applicant.id)).toBe('user');
  });
});
