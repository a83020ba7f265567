import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDonation, createFund } from '../src/seed/factories';
import { as, holdFund, useTestApp } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

// A web build in miniature whose first-render module draws a fund page from the API as
// the app's loader asks for it (as an anonymous visitor, inside the server): the fund,
// then its wall, updates and organiser card.
const webDist = mkdtempSync(path.join(tmpdir(), 'easyfund-web-'));
const ENTRY_SERVER = `
export async function render(url, { fetch }) {
  const id = new URL(url).pathname.split('/')[2];
  const res = await fetch('/api/funds/' + id);
  if (res.status !== 200) return null;
  const fund = await res.json();
  const parts = [
    fund.name,
    fund.hold ? 'notice:' + fund.hold + ':' + fund.holdReason : 'open',
    'story:' + fund.description,
    'picture:' + fund.image,
  ];
  for (const part of ['supporters', 'updates', 'organiser']) {
    parts.push(part + ':' + (await fetch('/api/funds/' + id + '/' + part)).status);
  }
  return { body: '<main>' + parts.join('|') + '</main>', data: { queries: [] } };
}
`;

const STORY = 'Rina needs a kidney transplant; send bKash to the number below.';
const PICTURE = '/images/funds/health-care.webp';

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'ssr'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="description" content="Easy Fund: donate." />' +
      '<title>Easy Fund</title><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'ssr', 'entry-server.js'), ENTRY_SERVER);
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
const { ctx, raiser, admin, donor, stranger } = useTestApp(
  {
    raiser: { role: 'verified', name: 'Karim Hossain' },
    admin: { role: 'admin', name: 'Site Admin' },
    donor: { name: 'Nusrat Jahan' },
    stranger: { name: 'Stranger' },
  },
  {
    env: {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'test',
      WEB_DIST: webDist,
      // The public caches as in production, long enough that only invalidation can empty them.
      PUBLIC_CACHE_MS: '60000',
    },
  },
);

const visitor = () => as({ app: ctx.app });
const hold = (id: string, body: object) => holdFund(admin, id, body);
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];
const page = (id: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/donatenow/${id}`, headers });
/** A fund page's parts besides the fund: its wall, its updates and its organiser card. */
const PART_OF = {
  supporters: api.supporters.list,
  updates: api.updates.list,
  organiser: api.organisers.get,
} as const;
const SUB_RESOURCES = Object.keys(PART_OF) as (keyof typeof PART_OF)[];

/** One part of a fund page, as `who` reads it. */
const readPart = (who: ReturnType<typeof as>, id: string, part: keyof typeof PART_OF) =>
  who.call(PART_OF[part], { params: { id } });

/** An approved fund with a donation, a word of support and an update; every cache warm. */
async function liveFund(name: string) {
  const fund = await createFund(ctx.db, {
    raiserId: raiser.id,
    name,
    description: STORY,
    image: PICTURE,
    zakatNote: 'For the poor.',
  });
  await createDonation(ctx.db, {
    userId: donor.id,
    fundId: fund.id,
    amountTk: 500,
    supportMessage: 'Get well soon',
  });
  const update = await as(raiser).call(api.updates.create, {
    params: { id: fund.id },
    body: { body: 'Surgery booked for Monday.' },
  });
  expect(update.statusCode).toBe(201);
  // Warm: the API answer, the rendered page (kept for PUBLIC_CACHE_MS) and its parts.
  const before = await page(fund.id);
  expect(root(before.body)).toContain(`story:${STORY}`);
  expect(meta(before.body, 'og:description')).toBe(STORY);
  expect(before.body).not.toContain('noindex');
  expect((await visitor().call(api.funds.get, { params: { id: fund.id } })).json()).toMatchObject({
    description: STORY,
    image: PICTURE,
  });
  for (const part of SUB_RESOURCES) {
    expect((await readPart(visitor(), fund.id, part)).statusCode).toBe(200);
  }
  return fund;
}

describe.each([
  { action: 'suspend', hold: 'suspended', reason: 'Under investigation: documents do not match' },
  { action: 'close', hold: 'closed', reason: 'The organiser could not show the hospital bills' },
] as const)('a fund an admin takes down ($action)', ({ action, hold: state, reason }) => {
  it("shows the public its notice and the admin's reason at once, without its story, picture or Zakat note", async () => {
    const fund = await liveFund(`Kidney for Rina ${action}`);
    expect((await hold(fund.id, { action, reason })).statusCode).toBe(200);

    for (const who of [visitor(), as(stranger), as(donor)]) {
      const res = await who.call(api.funds.get, { params: { id: fund.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: fund.name,
        hold: state,
        holdReason: reason,
        description: null,
        image: null,
        zakatEligible: false,
        zakatNote: null,
        raisedPoisha: 50_000,
      });
      expect(res.body).not.toContain('bKash');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it("renders the server's HTML with the notice, noindex and a share card without the pitch", async () => {
    const fund = await liveFund(`Kidney for Rina html ${action}`);
    expect((await hold(fund.id, { action, reason })).statusCode).toBe(200);

    const res = await page(fund.id);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // The page the server drew is the visitor's: the notice, no story, no picture, and
    // none of the parts behind the page.
    expect(root(html)).toBe(
      `<main>${fund.name}|notice:${state}:${reason}|story:null|picture:null|supporters:404|updates:404|organiser:404</main>`,
    );
    expect(html).not.toContain('bKash');
    expect(html).not.toContain(PICTURE);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const notice =
      state === 'closed'
        ? 'This fund has been closed by our team.'
        : 'This fund has been suspended by our team.';
    const title = `${state === 'closed' ? 'Closed' : 'Suspended'}: ${fund.name}`;
    const description = `${notice} Reason: ${reason} It does not take donations.`;
    expect(meta(html, 'og:title')).toBe(title);
    expect(meta(html, 'twitter:title')).toBe(title);
    expect(meta(html, 'og:description')).toBe(description);
    expect(meta(html, 'twitter:description')).toBe(description);
    expect(meta(html, 'description')).toBe(description);
    // The site's picture, not the raiser's (share-image.ts makes it a JPEG).
    expect(meta(html, 'og:image')).toMatch(
      new RegExp(`^http://localhost:3000/api/funds/${fund.id}/share-image\\.jpg\\?v=`),
    );
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(html).not.toContain('rel="preload" as="image"');

    // In Bangla, the notice and the card in Bangla.
    const bn = (await page(fund.id, { 'accept-language': 'bn' })).body;
    expect(meta(bn, 'og:title')).toBe(`${state === 'closed' ? 'বন্ধ' : 'স্থগিত'}: ${fund.name}`);
    expect(meta(bn, 'og:description')).toContain(
      state === 'closed' ? 'আমাদের দল এই তহবিলটি বন্ধ করেছে।' : 'আমাদের দল এই তহবিলটি স্থগিত করেছে।',
    );
    expect(meta(bn, 'og:description')).toContain(`কারণ: ${reason}`);
  });

  it('stops its wall, updates and organiser card answering the public, not its raiser and admins', async () => {
    const fund = await liveFund(`Kidney for Rina parts ${action}`);
    expect((await hold(fund.id, { action, reason })).statusCode).toBe(200);

    for (const who of [visitor(), as(stranger), as(donor)]) {
      for (const part of SUB_RESOURCES) {
        const res = await readPart(who, fund.id, part);
        expect(res.statusCode, part).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    }
    for (const who of [raiser, admin]) {
      const whole = await as(who).call(api.funds.get, { params: { id: fund.id } });
      expect(whole.json()).toMatchObject({ hold: state, description: STORY, image: PICTURE });
      const wall = await as(who).call(api.supporters.list, {
        params: { id: fund.id },
        query: { view: 'messages' },
      });
      expect(wall.statusCode).toBe(200);
      expect(wall.json().items).toMatchObject([{ message: 'Get well soon' }]);
      const updates = await as(who).call(api.updates.list, { params: { id: fund.id } });
      expect(updates.statusCode).toBe(200);
      expect(updates.json()).toMatchObject({
        items: [{ body: 'Surgery booked for Monday.' }],
        canPost: false,
      });
      expect((await as(who).call(api.organisers.get, { params: { id: fund.id } })).statusCode).toBe(
        200,
      );
    }
    // Nor can its raiser reach the donors' mailboxes through an update.
    const posted = await as(raiser).call(api.updates.create, {
      params: { id: fund.id },
      body: { body: 'Please send money to my own bKash instead.' },
    });
    expect(posted.statusCode).toBe(409);
    expect(posted.json().error.code).toBe('fund_on_hold');
    const updates = await as(raiser).call(api.updates.list, { params: { id: fund.id } });
    expect(updates.json().total).toBe(1);
  });
});

describe('lifting a suspension', () => {
  it('brings the page, its share card and its parts back at once', async () => {
    const fund = await liveFund('Kidney for Rina lifted');
    await hold(fund.id, { action: 'suspend', reason: 'Checking the documents' });
    expect(
      (await visitor().call(api.funds.get, { params: { id: fund.id } })).json().description,
    ).toBe(null);
    expect(root((await page(fund.id)).body)).toContain('story:null');

    expect((await hold(fund.id, { action: 'lift' })).statusCode).toBe(200);
    const res = await visitor().call(api.funds.get, { params: { id: fund.id } });
    expect(res.json()).toMatchObject({
      hold: null,
      holdReason: null,
      description: STORY,
      image: PICTURE,
      zakatEligible: true,
    });
    expect(res.headers['x-robots-tag']).toBeUndefined();
    const html = (await page(fund.id)).body;
    expect(root(html)).toBe(
      `<main>${fund.name}|open|story:${STORY}|picture:${PICTURE}|supporters:200|updates:200|organiser:200</main>`,
    );
    expect(meta(html, 'og:description')).toBe(STORY);
    expect(html).not.toContain('noindex');
    for (const part of SUB_RESOURCES) {
      expect((await readPart(visitor(), fund.id, part)).statusCode).toBe(200);
    }
  });
});

describe('funds that were never approved', () => {
  it.each(['pending', 'denied'] as const)(
    'a %s fund, its page and its parts are a 404 to the public',
    async (status) => {
      const fund = await createFund(ctx.db, {
        raiserId: raiser.id,
        status,
        name: `Not public ${status}`,
        description: STORY,
      });
      for (const who of [visitor(), as(stranger)]) {
        expect((await who.call(api.funds.get, { params: { id: fund.id } })).statusCode).toBe(404);
        for (const part of SUB_RESOURCES) {
          expect((await readPart(who, fund.id, part)).statusCode).toBe(404);
        }
      }
      const html = (await page(fund.id)).body;
      expect(html).not.toContain(fund.name);
      expect(html).not.toContain('og:title');
      expect(
        (await as(raiser).call(api.supporters.list, { params: { id: fund.id } })).statusCode,
      ).toBe(200);
    },
  );
});
