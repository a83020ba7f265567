import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funds } from '../src/db/schema';
import { createFund, createUser } from '../src/seed/factories';
import { resources as api } from '@easyfund/shared/api/resources';
import { as, useTestApp, urlOf } from './helper';

const webDist = mkdtempSync(path.join(tmpdir(), 'easyfund-web-'));
let raiserId: string;
beforeAll(async () => {
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="description" content="Easy Fund: donate." /><title>Easy Fund</title></head><body><div id="root"></div></body></html>',
  );
  // As the web build writes it (apps/web/build/page-chunks.ts).
  writeFileSync(
    path.join(webDist, 'page-chunks.json'),
    JSON.stringify({
      fundDetails: ['assets/fund-details-Ab1.js', 'assets/fund-card-Cd2.js'],
      donateNow: ['assets/donate-now-Ef3.js', 'assets/fund-card-Cd2.js'],
      home: ['assets/home-Gh4.js', '../../etc/passwd', 'assets/x.css'],
    }),
  );
  // The pictures bundled with the web app that the tests' funds show: WebP, as built.
  mkdirSync(path.join(webDist, 'images', 'funds'), { recursive: true });
  mkdirSync(path.join(webDist, 'images', 'home'), { recursive: true });
  writeFileSync(
    path.join(webDist, 'images', 'funds', 'health-care.webp'),
    await picture(900, 600, '#2a7a4b'),
  );
  writeFileSync(
    path.join(webDist, 'images', 'home', 'hero-1.webp'),
    await picture(1920, 800, '#7a2a4b'),
  );
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
const { ctx } = useTestApp(
  {},
  {
    env: {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'test',
      WEB_DIST: webDist,
      PUBLIC_URL: 'https://easyfund.example',
    },
  },
);
beforeAll(async () => {
  raiserId = (await createUser(ctx.app.auth, ctx.db, { role: 'verified' })).id;
});

/** A plain picture of one colour, WebP (as the site stores its pictures). */
function picture(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .webp()
    .toBuffer();
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe("a fund page's HTML for crawlers (no JavaScript)", () => {
  it('carries its own Open Graph and Twitter tags with absolute addresses', async () => {
    const fund = await createFund(ctx.db, {
      raiserId,
      name: 'Heart Surgery for Little Tanvir',
      description: 'Tanvir is six and needs open-heart surgery.\n\nHis father drives a rickshaw.',
      image: '/images/funds/health-care.webp',
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/donatenow/${fund.id}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(meta(html, 'og:title')).toBe('Heart Surgery for Little Tanvir');
    expect(meta(html, 'og:description')).toBe(
      'Tanvir is six and needs open-heart surgery. His father drives a rickshaw.',
    );
    expect(meta(html, 'og:image')).toMatch(
      new RegExp(`^https://easyfund\\.example/api/funds/${fund.id}/share-image\\.jpg\\?v=[\\w-]+$`),
    );
    expect(meta(html, 'og:image:type')).toBe('image/jpeg');
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'og:image:alt')).toBe('Heart Surgery for Little Tanvir');
    expect(meta(html, 'og:url')).toBe(`https://easyfund.example/donatenow/${fund.id}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe('Heart Surgery for Little Tanvir');
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(meta(html, 'description')).toBe(meta(html, 'og:description'));
    expect(html).toContain(
      `<link rel="canonical" href="https://easyfund.example/donatenow/${fund.id}" />`,
    );
    expect(html).toContain('<title>Fund Details - Easy Fund</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('escapes what a raiser wrote and shortens a long story', async () => {
    const fund = await createFund(ctx.db, {
      raiserId,
      name: 'Books "for" <script>alert(1)</script> & more',
      description: `${'word '.repeat(80)}end`,
    });
    const html = (await ctx.app.inject({ method: 'GET', url: `/donatenow/${fund.id}` })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(meta(html, 'og:title')).toBe(
      'Books &quot;for&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; more',
    );
    const description = meta(html, 'og:description')!;
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.endsWith('…')).toBe(true);
  });

  it("keeps a raiser's `$&`, `$'` and `$1` as written, not as replacement patterns", async () => {
    const fund = await createFund(ctx.db, {
      raiserId,
      name: 'Price $& more',
      description: "Each kit costs $& and $' and $1 — as written.",
    });
    const html = (await ctx.app.inject({ method: 'GET', url: `/donatenow/${fund.id}` })).body;
    expect(meta(html, 'description')).toBe('Each kit costs $&amp; and $&#39; and $1 — as written.');
    expect(meta(html, 'og:title')).toBe('Price $&amp; more');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('gives pending or unknown funds no share card', async () => {
    const pending = await createFund(ctx.db, {
      raiserId,
      name: 'Secret pending',
      status: 'pending',
    });
    for (const url of [
      `/donatenow/${pending.id}`,
      '/donatenow/00000000-0000-4000-8000-000000000000',
      '/donatenow/not-a-uuid',
    ]) {
      const html = (await ctx.app.inject({ method: 'GET', url })).body;
      expect(html).not.toContain('og:title');
      expect(html).not.toContain('Secret pending');
    }
  });
});

describe("a page's HTML names what the page fetches first", () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].map((m) => m[0]);

  it("names each page's own code, and only files of the build's assets", async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/donatenow' })).body;
    expect(preloads(list)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/donate-now-Ef3.js">',
      '<link rel="modulepreload" crossorigin href="/assets/fund-card-Cd2.js">',
    ]);
    const home = (await ctx.app.inject({ method: 'GET', url: '/' })).body;
    // The home page's largest paint too: the first hero picture, the copy the screen shows.
    expect(preloads(home)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/home-Gh4.js">',
      '<link rel="preload" as="image" fetchpriority="high" href="/images/home/hero-1-sm.webp" media="(max-width: 800px)">',
      '<link rel="preload" as="image" fetchpriority="high" href="/images/home/hero-1.webp" media="not all and (max-width: 800px)">',
    ]);
    const contact = (await ctx.app.inject({ method: 'GET', url: '/contactus' })).body;
    expect(preloads(contact)).toEqual([]);
  });

  it("names a fund page's own code, the fund the page asks for and its picture", async () => {
    const fund = await createFund(ctx.db, { raiserId, image: '/uploads/ab12cd-1280.webp' });
    const html = (await ctx.app.inject({ method: 'GET', url: `/donatenow/${fund.id}` })).body;
    expect(preloads(html)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/fund-details-Ab1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/fund-card-Cd2.js">',
      `<link rel="preload" as="fetch" crossorigin href="${urlOf(api.funds.get, { params: { id: fund.id } })}" />`,
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/ab12cd-1280.webp" imagesrcset="/uploads/ab12cd-320.webp 320w, /uploads/ab12cd-640.webp 640w, /uploads/ab12cd-1280.webp 1280w" imagesizes="(min-width: 1024px) 50vw, 100vw" />',
    ]);
    // The preloaded answer is the one the page's own request gets.
    const read = await as(ctx).call(api.funds.get, { params: { id: fund.id } });
    expect(read.statusCode).toBe(200);
  });

  it('names no fund for an unknown or unapproved one', async () => {
    const html = (
      await ctx.app.inject({
        method: 'GET',
        url: '/donatenow/00000000-0000-4000-8000-000000000000',
      })
    ).body;
    expect(html).not.toContain('as="fetch"');
    expect(html).not.toContain('as="image"');
  });
});

/** The share image a page names, fetched as a crawler does, with what its tags declare. */
async function sharedImage(fundId: string) {
  const html = (await ctx.app.inject({ method: 'GET', url: `/donatenow/${fundId}` })).body;
  const address = new URL(meta(html, 'og:image')!);
  expect(address.origin).toBe('https://easyfund.example');
  const res = await ctx.app.inject({ method: 'GET', url: address.pathname + address.search });
  return {
    res,
    address,
    declared: {
      type: meta(html, 'og:image:type'),
      width: Number(meta(html, 'og:image:width')),
      height: Number(meta(html, 'og:image:height')),
    },
  };
}

describe("a fund's share image", () => {
  it('is a real JPEG of the size and type its page declares, made from the bundled picture', async () => {
    const fund = await createFund(ctx.db, {
      raiserId,
      image: '/images/funds/health-care.webp',
    });
    const { res, declared } = await sharedImage(fund.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(declared.type);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const info = await sharp(res.rawPayload).metadata();
    expect(info).toMatchObject({ format: 'jpeg', width: declared.width, height: declared.height });
    // The fund's own colours, not the site's picture.
    const { dominant } = await sharp(res.rawPayload).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);
  });

  it("is made from a raiser's upload, and named anew when the picture changes", async () => {
    const key = `${randomUUID()}-1280.webp`;
    const stored = await ctx.app.storage.put(
      key,
      await picture(1280, 1700, '#1f3a93'),
      'image/webp',
    );
    const fund = await createFund(ctx.db, { raiserId, image: stored });
    const first = await sharedImage(fund.id);
    expect(first.res.statusCode).toBe(200);
    const info = await sharp(first.res.rawPayload).metadata();
    expect(info).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const { dominant } = await sharp(first.res.rawPayload).stats();
    expect(dominant.b).toBeGreaterThan(dominant.r);

    const other = await createFund(ctx.db, { raiserId, image: '/images/funds/health-care.webp' });
    const second = await sharedImage(other.id);
    expect(second.address.searchParams.get('v')).not.toBe(first.address.searchParams.get('v'));
  });

  it("shows the site's picture for a fund taken down", async () => {
    const fund = await createFund(ctx.db, { raiserId, image: '/images/funds/health-care.webp' });
    await ctx.db
      .update(funds)
      .set({ hold: 'suspended', holdReason: 'Checking documents' })
      .where(eq(funds.id, fund.id));
    const { res } = await sharedImage(fund.id);
    expect(res.statusCode).toBe(200);
    const { dominant } = await sharp(res.rawPayload).stats();
    expect(dominant.r).toBeGreaterThan(dominant.g);
  });

  it('is a 404 for a pending, unknown or malformed fund', async () => {
    const pending = await createFund(ctx.db, { raiserId, status: 'pending' });
    for (const id of [pending.id, '00000000-0000-4000-8000-000000000000', 'not-a-fund']) {
      const res = await as(ctx).call(api.funds.shareImage, { params: { id } });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });
});
