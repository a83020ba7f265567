import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFund, createUser } from '../src/seed/factories';
import { buildTestApp, type TestContext } from './helper';

const webDist = mkdtempSync(path.join(tmpdir(), 'easyfund-web-'));
let ctx: TestContext;
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
  ctx = await buildTestApp({
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'test',
    WEB_DIST: webDist,
    PUBLIC_URL: 'https://easyfund.example',
  });
  raiserId = (await createUser(ctx.app.auth, ctx.db, { role: 'verified' })).id;
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

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
    expect(meta(html, 'og:image')).toBe('https://easyfund.example/images/funds/health-care.webp');
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
      `<link rel="preload" as="fetch" crossorigin href="/api/funds/${fund.id}" />`,
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/ab12cd-1280.webp" imagesrcset="/uploads/ab12cd-320.webp 320w, /uploads/ab12cd-640.webp 640w, /uploads/ab12cd-1280.webp 1280w" imagesizes="(min-width: 1024px) 50vw, 100vw" />',
    ]);
    // The preloaded answer is the one the page's own request gets.
    const api = await ctx.app.inject({ method: 'GET', url: `/api/funds/${fund.id}` });
    expect(api.statusCode).toBe(200);
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
