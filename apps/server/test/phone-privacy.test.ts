import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WALL_VIEWS } from '@easyfund/shared/schemas/supporters';
import { user } from '../src/db/schema';
import { createFund } from '../src/seed/factories';
import {
  as,
  createSignedInUser,
  jobsDone,
  mergeCookies,
  ORIGIN,
  type SignedInUser,
  useTestApp,
} from './helper';
import { donate } from './payments-helper';
import { useSmsStandIn } from './sslwireless-stand-in';
import { resources as api } from '@easyfund/shared/api/resources';

/**
 * A mobile number is personal data: its owner and admins see it; walls, fund pages and
 * raisers' exports never show it (nor the stand-in address made from it), and the
 * owner's data export holds it.
 */
let donor: SignedInUser;
let fundId: string;
const local = '01815556677';
/** The digits any spelling of the number carries (local, E.164, the stand-in address). */
const digits = '1815556677';

const standIn = useSmsStandIn();
const { ctx, admin, raiser } = useTestApp(
  { admin: { role: 'admin' }, raiser: { role: 'verified' } },
  { env: () => standIn.env },
);
beforeAll(async () => {
  fundId = (await createFund(ctx.db, { raiserId: raiser.id, name: 'Privacy fund' })).id;

  // A donor made from a mobile number, the way the site does it.
  await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/send-otp',
    headers: ORIGIN,
    payload: { phoneNumber: local },
  });
  const code = /\d{6}/.exec(standIn.sent.at(-1)!.sms)![0];
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/verify',
    headers: ORIGIN,
    payload: { phoneNumber: local, code },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { user: { id: string; email: string; name: string } };
  await ctx.db.update(user).set({ name: 'Rahima Begum' }).where(eq(user.id, body.user.id));
  donor = Object.defineProperty(
    { ...body.user, password: '', cookie: mergeCookies('', res.headers['set-cookie']) },
    'app',
    { value: ctx.app, enumerable: false },
  ) as SignedInUser;
  const { confirmed } = await donate(ctx, donor, fundId, 500);
  expect(confirmed.statusCode).toBe(200);
  await jobsDone(ctx);
});

describe('a mobile number', () => {
  it('is in its owner’s data export, JSON and CSV', async () => {
    const json = await as(donor).call(api.privacy.exportJson);
    expect(json.statusCode).toBe(200);
    expect(json.json().tables.user![0]).toMatchObject({
      phone_number: `+88${local}`,
      phone_number_verified: true,
    });
    const csv = await as(donor).call(api.privacy.exportCsv);
    // (A cell starting with "+" is written with a leading quote: spreadsheets take no formula.)
    expect(csv.body).toMatch(new RegExp(`"user","1","phone_number","'?\\+88${local}"`));
  });

  it('is shown in full to its owner', async () => {
    const me = await as(donor).call(api.session.get);
    expect(me.body).toContain(`+88${local}`);
  });

  it('is shown in full to admins in Manage Users, and found by it', async () => {
    const res = await as(admin).call(api.users.list, { query: { q: local } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ id: donor.id, phoneNumber: `+88${local}` }),
    ]);
  });

  it('is never on the fund’s page or its walls, to a visitor, a donor or the raiser', async () => {
    for (const who of [ctx, raiser, await createSignedInUser(ctx)]) {
      const page = await as(who).call(api.funds.get, { params: { id: fundId } });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(digits);
      for (const view of WALL_VIEWS) {
        const wall = await as(who).call(api.supporters.list, {
          params: { id: fundId },
          query: { view },
        });
        expect(wall.statusCode, view).toBe(200);
        // The wall of messages lists donations with a message (this one has none).
        if (view !== 'messages') expect(wall.body, view).toContain('Rahima');
        expect(wall.body, view).not.toContain(digits);
      }
    }
  });

  it('is never in the raiser’s export of donations', async () => {
    const csv = await as(raiser).call(api.downloads.myDonations);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Privacy fund');
    expect(csv.body).toContain('Rahima');
    expect(csv.body).not.toContain(digits);
  });

  it('is not in another person’s Manage Users answer: only admins get the list', async () => {
    for (const who of [raiser, await createSignedInUser(ctx)]) {
      const res = await as(who).call(api.users.list, { query: { q: local } });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(digits);
    }
  });
});
