import { describe, expect, it } from 'vitest';
import { CONTACT_MSG, MSG } from '@easyfund/shared/texts';
import { COUNT_CAP } from '../src/lib/lists';
import { buildTestApp, createSignedInUser, as, useTestApp, urlOf } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';
import { type BodyInputOf } from '@easyfund/shared/api/contract';

const { ctx, admin } = useTestApp({ admin: { role: 'admin' } });

/** A visitor's message sent by the contact form. */
const contact = (body: BodyInputOf<typeof api.messages.contact>) =>
  as(ctx).call(api.messages.contact, { body });
/** A visitor's subscription to the newsletter. */
const subscribe = (email: string) => as(ctx).call(api.messages.subscribe, { body: { email } });

async function subscriptions(): Promise<{ email: string }[]> {
  const res = await as(admin).call(api.messages.subscriptionList, { query: { pageSize: '100' } });
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

async function contactMessages(): Promise<Record<string, unknown>[]> {
  const res = await as(admin).call(api.messages.contactList, { query: { pageSize: '100' } });
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

describe('POST /api/newsletter', () => {
  it('subscribes an e-mail once, lower-cased; a second subscribe answers exactly the same', async () => {
    const first = await subscribe('  Rina.Das@Example.com ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ subscribed: true });

    // The answer must not tell anyone whether the address was already on the list.
    const again = await subscribe('rina.das@example.COM');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);

    const stored = (await subscriptions()).filter((s) => s.email === 'rina.das@example.com');
    expect(stored).toHaveLength(1);
  });

  it("refuses an invalid e-mail with the spec's message and stores nothing", async () => {
    const before = (await subscriptions()).length;
    for (const email of ['', 'not-an-email', 'a@b', 42]) {
      const res = await as(ctx).send(api.messages.subscribe, { body: { email } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields?.email).toBe(MSG.invalidEmail);
    }
    expect((await as(ctx).send(api.messages.subscribe, { body: {} })).statusCode).toBe(400);
    expect(await subscriptions()).toHaveLength(before);
  });
});

describe('POST /api/contact', () => {
  it('stores a message, which an admin can then read', async () => {
    const res = await contact({
      name: ' Sumon Ahmed ',
      email: 'Sumon@Example.com',
      phone: '+880 1712-345678',
      message: 'How can I volunteer in Khulna?',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(id).toEqual(expect.any(String));
    const stored = (await contactMessages()).find((m) => m.id === id);
    expect(stored).toEqual({
      id,
      name: 'Sumon Ahmed',
      email: 'sumon@example.com',
      phone: '+880 1712-345678',
      message: 'How can I volunteer in Khulna?',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('accepts a message without a phone number', async () => {
    const res = await contact({
      name: 'Mita',
      email: 'mita@example.com',
      phone: '',
      message: 'Thank you!',
    });
    expect(res.statusCode).toBe(201);
    const stored = (await contactMessages()).find((m) => m.id === res.json().id);
    expect(stored?.phone).toBeNull();
  });

  it('refuses missing or bad fields one by one and stores nothing', async () => {
    const before = (await contactMessages()).length;
    const res = await contact({ name: '  ', email: 'nope', phone: 'call me', message: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: MSG.nameRequired,
      email: MSG.invalidEmail,
      phone: CONTACT_MSG.phone,
      message: MSG.fieldRequired,
    });
    const tooLong = await contact({ name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields?.message).toBe(CONTACT_MSG.messageTooLong);
    expect(await contactMessages()).toHaveLength(before);
  });
});

describe('admin lists of messages and subscriptions', () => {
  it('answers 401 to a visitor and 403 to a user or a verified raiser', async () => {
    const user = await createSignedInUser(ctx);
    const raiser = await createSignedInUser(ctx, { role: 'verified' });
    for (const list of [api.messages.contactList, api.messages.subscriptionList]) {
      expect((await as(ctx).call(list)).statusCode).toBe(401);
      expect((await as(user).call(list)).statusCode).toBe(403);
      expect((await as(raiser).call(list)).statusCode).toBe(403);
    }
  });

  it('pages through subscriptions newest first', async () => {
    for (const e of ['p1@example.com', 'p2@example.com', 'p3@example.com']) {
      await subscribe(e);
      await new Promise((r) => setTimeout(r, 5));
    }
    const res = await as(admin).call(api.messages.subscriptionList, {
      query: { page: '1', pageSize: '2' },
    });
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2 });
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.items.map((s) => s.email)).toEqual(['p3@example.com', 'p2@example.com']);
    expect(
      (await as(admin).call(api.messages.subscriptionList, { query: { page: '0' } })).statusCode,
    ).toBe(400);
  });

  it('tells the exact number of subscribers, however many, and pages on', async () => {
    // Older than every other test's, so that their pages stay as they were.
    const before = (await as(admin).call(api.messages.subscriptionList)).json().total;
    const many = COUNT_CAP + 1;
    await ctx.database.executeSql(
      `insert into newsletter_subscriptions (email, created_at)
       select 'many-' || i || '@example.com', now() - interval '1 day' - i * interval '1 second'
       from generate_series(1, ${many}) i`,
    );
    const res = await as(admin).call(api.messages.subscriptionList, {
      query: { page: '2', pageSize: '20' },
    });
    // The heading shows it as the newsletter's reach: never a cap.
    expect(res.json()).toMatchObject({ total: before + many, page: 2, pageSize: 20 });
    expect(res.json().items).toHaveLength(20);
  });
});

describe('rate limit of the public forms', () => {
  it('refuses a third message from one address in the window with 429, storing nothing', async () => {
    const small = await buildTestApp({ MESSAGE_RATE_LIMIT_MAX: '2' });
    try {
      const sendMessage = (i: number) =>
        as({ app: small.app }).call(api.messages.contact, {
          body: { name: 'Spam', email: `s${i}@example.com`, message: `hello ${i}` },
        });
      expect((await sendMessage(1)).statusCode).toBe(201);
      expect((await sendMessage(2)).statusCode).toBe(201);
      const third = await sendMessage(3);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toMatch(/^\d+$/);
      expect(third.json().error.code).toBe('rate_limited');

      // Another address is not affected; the newsletter counts on its own.
      const other = await small.app.inject({
        method: 'POST',
        url: urlOf(api.messages.contact),
        remoteAddress: '203.0.113.7',

        payload: { name: 'Real', email: 'real@example.com', message: 'hi' },
      });
      expect(other.statusCode).toBe(201);
      const news = await as({ app: small.app }).call(api.messages.subscribe, {
        body: { email: 'n@example.com' },
      });
      expect(news.statusCode).toBe(201);

      const admin = await createSignedInUser(small, { role: 'admin' });
      const list = await as({ app: small.app, cookie: admin.cookie }).call(
        api.messages.contactList,
      );
      expect(list.json().total).toBe(3);
    } finally {
      await small.close();
    }
  });
});
