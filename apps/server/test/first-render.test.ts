import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFirstRender, scriptJson } from '../src/modules/pages/first-render';
import {
  buildTestApp,
  createSignedInUser,
  as,
  TEST_DB_KIND,
  type TestContext,
  useTestApp,
} from './helper';
import { createRaisedFund, pastTheGuards } from './payments-helper';
import { resources as api } from '@easyfund/shared/api/resources';

// A web build in miniature: the page, its entry and a preload, and a first-render module
// that calls the API the way the app's loaders do, writes what it got, and gives it as
// the page's data.
const webDist = mkdtempSync(path.join(tmpdir(), 'easyfund-web-'));
const ENTRY_SERVER = `
export async function render(url, { lang, fetch, htmlData, origin }) {
  const { pathname } = new URL(url);
  if (pathname === '/donatenow') throw new Error('render broke');
  const me = await fetch('/api/me');
  const id = pathname.split('/')[2];
  const fund = id ? await (await fetch('/api/funds/' + id)).json() : null;
  if (id && !fund.name) return null;
  const body = '<main><h1>' + (fund ? fund.name : 'Home') + '</h1><p>' +
    [lang, htmlData.paymentMode, origin, 'me:' + me.status].join(' ') +
    '</p><p>costs $& $1 nothing</p></main>';
  return { body, data: { queries: [{ queryKey: ['funds', id], state: { data: fund } }] } };
}
`;
beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  mkdirSync(path.join(webDist, 'ssr'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Easy Fund</title>' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/i18n-abc.js">' +
      '</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'ssr', 'entry-server.js'), ENTRY_SERVER);
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
const { ctx } = useTestApp(
  {},
  { env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', WEB_DIST: webDist } },
);

const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];
const fundJson = async (id: string) =>
  (await as(ctx).call(api.funds.get, { params: { id } })).json();

describe("the server's first render of the busiest pages", () => {
  it("puts a fund page's HTML in #root, from the API answered inside the server, and loads the code after the first paint", async () => {
    const fund = await createRaisedFund(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: `/donatenow/${fund.id}` });
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toBe(
      `<main><h1>${fund.name}</h1><p>en test http://localhost:3000 me:401</p><p>costs $& $1 nothing</p></main>`,
    );
    // The entry and every preload move into the boot script; nothing loads from the head.
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain(
      '<script src="/boot.js" data-entry="/assets/index-abc.js" data-preload="/assets/i18n-abc.js" defer></script>',
    );
    // The render's data goes with it, for the browser app to start from.
    const data =
      /<script type="application\/json" id="page-data">([^<]*)<\/script><script src="\/boot.js"/.exec(
        res.body,
      );
    // ...so the head no longer asks for the fund's answer ahead of the code; its picture, yes.
    expect(res.body).not.toContain('as="fetch"');
    expect(res.body).toContain('<link rel="preload" as="image"');
    expect(JSON.parse(data![1]!)).toEqual({
      queries: [{ queryKey: ['funds', fund.id], state: { data: await fundJson(fund.id) } }],
    });
    // A browser that accepts Brotli gets the same rendered page, compressed.
    const br = await ctx.app.inject({
      method: 'GET',
      url: `/donatenow/${fund.id}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(res.body);
  });

  it("renders the public view in the visitor's language, whoever is signed in", async () => {
    const someone = await createSignedInUser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: someone.cookie, 'accept-language': 'bn-BD,bn;q=0.9' },
    });
    expect(root(res.body)).toContain('<h1>Home</h1><p>bn test http://localhost:3000 me:401</p>');
  });

  it('sends the page as before when the render fails, finds nothing, or is not one of those pages', async () => {
    for (const url of ['/donatenow', '/donatenow/no-such-fund', '/contactus']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      // An unknown fund is the not-found page, with its status.
      expect(res.statusCode, url).toBe(url.endsWith('no-such-fund') ? 404 : 200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain(
        '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      );
      expect(res.body, url).not.toContain('boot.js');
    }
  });

  it('never serves the render module itself', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/ssr/entry-server.js' });
    expect(res.body).not.toContain('export async function render');
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe("the page's data in its HTML", () => {
  it('cannot close its script element or open a comment, and reads back the same', () => {
    const data = {
      name: '</script><script>alert(1)</script> <!-- x --> </SCRIPT >',
      story: 'line\u2028separated\u2029paragraph',
    };
    const json = scriptJson(data);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('the guards around the first render', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  /** A build whose render module is `source`. */
  function buildWith(source: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'easyfund-web-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'ssr'));
    writeFileSync(path.join(dir, 'ssr', 'entry-server.js'), source);
    return dir;
  }
  const options = { lang: 'en' as const, fetch, htmlData: {}, origin: 'http://localhost' };

  it('a module that does not load leaves the pages as before, with a warning', async () => {
    const warnings: string[] = [];
    const dir = buildWith(
      "window.location; export async function render() { return { body: '', data: {} }; }",
    );
    const render = await loadFirstRender(dir, { warn: (_o, msg) => warnings.push(msg) });
    expect(render).toBeNull();
    expect(warnings).toEqual([
      'the first-render module does not load; pages are drawn in the browser',
    ]);
  });

  it('a render that is too slow, one too many at once, or that throws gives the page as before', async () => {
    const warnings: string[] = [];
    const dir = buildWith(`
      export async function render(url) {
        if (url.endsWith('/slow'))
          return new Promise((resolve) => setTimeout(() => resolve({ body: 'late' }), 1500));
        if (url.endsWith('/broken')) throw new Error('broken');
        return { body: 'body' };
      }`);
    const render = (await loadFirstRender(
      dir,
      { warn: (_o, msg) => warnings.push(msg) },
      { maxInFlight: 1, timeLimitMs: 100 },
    ))!;
    const slow = render('http://localhost/slow', options);
    // The one render allowed is busy: the next page is not rendered.
    expect(await render('http://localhost/', options)).toBeNull();
    const started = Date.now();
    expect(await slow).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
    // Once the slow one has finished, pages render again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await render('http://localhost/', options)).toEqual({ body: 'body' });
    expect(await render('http://localhost/broken', options)).toBeNull();
    expect(warnings).toEqual(['first render failed; the page is drawn in the browser']);
  });
});

/**
 * A production app serving a web build whose server entry is `entry` (the page of the build
 * above), keeping public pages for `cacheMs`; closing it removes the build.
 */
async function appWithEntry(entry: string, cacheMs: string): Promise<TestContext> {
  const dir = mkdtempSync(path.join(tmpdir(), 'easyfund-web-'));
  mkdirSync(path.join(dir, 'ssr'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), readFileSync(path.join(webDist, 'index.html')));
  writeFileSync(path.join(dir, 'ssr', 'entry-server.js'), entry);
  const made = await buildTestApp({
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'test',
    WEB_DIST: dir,
    PUBLIC_CACHE_MS: cacheMs,
  });
  return {
    ...made,
    async close() {
      await made.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fund page's server entry: its data read first (each read counted in
 * `globalThis.pageReads`), their key, the last render given back when the key is the same;
 * each drawing numbered.
 */
const FUND_PAGE_ENTRY = `let drawn = 0;
  export async function render(url, { fetch, previous }) {
    globalThis.pageReads = (globalThis.pageReads ?? 0) + 1;
    const id = new URL(url).pathname.split('/')[2];
    const fund = await (await fetch('/api/funds/' + id)).json();
    const dataKey = JSON.stringify(fund);
    if (previous && previous.dataKey === dataKey) return previous;
    drawn += 1;
    return { body: '<p>' + fund.raisedPoisha + ' drawing ' + drawn + '</p>', data: { drawn }, dataKey };
  }`;

/** How many times a page's data have been read by FUND_PAGE_ENTRY in this process. */
const pageReads = () => (globalThis as { pageReads?: number }).pageReads ?? 0;

/** The rendered part of a fund's page as `ctx` answers it, Brotli accepted. */
async function fundPageRoot(ctx: TestContext, fundId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/donatenow/${fundId}`,
    headers: { 'accept-encoding': 'br' },
  });
  expect(res.statusCode).toBe(200);
  return root(brotliDecompressSync(res.rawPayload).toString('utf8'));
}

describe('rendered pages kept for a moment', () => {
  it('renders a page once per address and language while it is kept, and afresh after a write', async () => {
    // Each render says how many there have been.
    const kept = await appWithEntry(
      "let n = 0; export async function render(url, { lang }) { n += 1; return { body: '<p>' + lang + ' ' + n + new URL(url).search + '</p>' }; }",
      '60000',
    );
    const page = async (url: string, lang = 'en') =>
      root(
        (await kept.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } })).body,
      );
    try {
      expect(await page('/')).toBe('<p>en 1</p>');
      // A burst of visitors of one page and language: one render.
      expect(await Promise.all([page('/'), page('/'), page('/')])).toEqual(
        Array(3).fill('<p>en 1</p>'),
      );
      // Each language and each address (its query included) has its own.
      expect(await page('/', 'bn')).toBe('<p>bn 2</p>');
      expect(await page('/donatenow?page=2')).toBe('<p>en 3?page=2</p>');
      expect(await page('/')).toBe('<p>en 1</p>');
      // A parameter the page does not read renders nothing new, nor does the order of
      // those it reads; the render sees only those.
      expect(await page('/?x=81f3a')).toBe('<p>en 1</p>');
      expect(await page('/?x=c09d2&utm_source=mail')).toBe('<p>en 1</p>');
      expect(await page('/donatenow?x=5e2b7&page=2')).toBe('<p>en 3?page=2</p>');
      expect(await page('/donatenow?zakat=1&cause=flood&x=1')).toBe(
        '<p>en 4?cause=flood&zakat=1</p>',
      );
      expect(await page('/donatenow?cause=flood&zakat=1')).toBe('<p>en 4?cause=flood&zakat=1</p>');
      // A write through this process empties the kept pages: the next visitor sees it.
      const write = await as({ app: kept.app }).call(api.messages.subscribe, {
        body: { email: 'reader@example.com' },
      });
      expect(write.statusCode).toBe(201);
      expect(await page('/')).toBe('<p>en 5</p>');
    } finally {
      await kept.close();
    }
  });

  it("uncached, reads the page's data afresh after a write, and draws it again only when they changed", async () => {
    const uncached = await appWithEntry(FUND_PAGE_ENTRY, '0');
    try {
      const fund = await createRaisedFund(uncached);
      const page = () => fundPageRoot(uncached, fund.id);
      expect(await page()).toBe('<p>0 drawing 1</p>');
      expect(await page()).toBe('<p>0 drawing 1</p>');
      expect(await page()).toBe('<p>0 drawing 1</p>');
      // A donation recorded by SQL, by no request of this process (another process's, say):
      // the next page reads it and is drawn again.
      await pastTheGuards(uncached.db, async (tx) => {
        await tx.execute(sql`update funds set raised_poisha = 50000 where id = ${fund.id}`);
      });
      expect(await page()).toBe('<p>50000 drawing 2</p>');
      expect(await page()).toBe('<p>50000 drawing 2</p>');
    } finally {
      await uncached.close();
    }
  });

  // The embedded database's own: a PostgreSQL server's snapshot is the whole server's, and
  // the other test files' writes to their databases there read the page again too.
  it.runIf(TEST_DB_KIND === 'pglite')(
    'uncached, a page whose database no write has changed since is sent again without reading its data',
    async () => {
      const uncached = await appWithEntry(FUND_PAGE_ENTRY, '0');
      try {
        const fund = await createRaisedFund(uncached);
        const page = () => fundPageRoot(uncached, fund.id);
        const before = pageReads();
        expect(await page()).toBe('<p>0 drawing 1</p>');
        expect(await page()).toBe('<p>0 drawing 1</p>');
        expect(await page()).toBe('<p>0 drawing 1</p>');
        expect(pageReads() - before).toBe(1);
        // Any committed write (here one that changes no row the page shows) has the next
        // visitor's page read its data again; the same data, the same page.
        await uncached.db.execute(sql`select pg_current_xact_id()`);
        expect(await page()).toBe('<p>0 drawing 1</p>');
        expect(pageReads() - before).toBe(2);
        expect(await page()).toBe('<p>0 drawing 1</p>');
        expect(pageReads() - before).toBe(2);
        // A donation recorded by SQL, by no request of this process: read and drawn.
        await pastTheGuards(uncached.db, async (tx) => {
          await tx.execute(sql`update funds set raised_poisha = 70000 where id = ${fund.id}`);
        });
        expect(await page()).toBe('<p>70000 drawing 2</p>');
        expect(pageReads() - before).toBe(3);
      } finally {
        await uncached.close();
      }
    },
  );

  // Another connection's transaction, open while a page is read: PGlite has one connection.
  it.runIf(TEST_DB_KIND === 'postgres')(
    'uncached, a write in progress while a page is read is read once it is committed',
    async () => {
      const uncached = await appWithEntry(FUND_PAGE_ENTRY, '0');
      try {
        const fund = await createRaisedFund(uncached);
        const page = () => fundPageRoot(uncached, fund.id);
        expect(await page()).toBe('<p>0 drawing 1</p>');
        let commit!: () => void;
        const committing = new Promise<void>((resolve) => (commit = resolve));
        let wrote!: () => void;
        const written = new Promise<void>((resolve) => (wrote = resolve));
        const donation = pastTheGuards(uncached.db, async (tx) => {
          await tx.execute(sql`update funds set raised_poisha = 90000 where id = ${fund.id}`);
          wrote();
          await committing;
        });
        await written;
        // Read while the donation's transaction is open: the fund as it was committed.
        expect(await page()).toBe('<p>0 drawing 1</p>');
        commit();
        await donation;
        expect(await page()).toBe('<p>90000 drawing 2</p>');
      } finally {
        await uncached.close();
      }
    },
  );
});
