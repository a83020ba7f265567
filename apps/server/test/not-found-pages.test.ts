import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFund } from '../src/seed/factories';
import { useTestApp } from './helper';

const webDist = mkdtempSync(path.join(tmpdir(), 'easyfund-web-'));
beforeAll(async () => {
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Easy Fund</title></head><body><div id="root"></div></body></html>',
  );
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
const { ctx, raiser, stranger, admin } = useTestApp(
  { raiser: { role: 'verified' }, stranger: {}, admin: { role: 'admin' } },
  { env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', WEB_DIST: webDist } },
);

const NOT_FOUND_TITLE = '<title>Page Not Found - Easy Fund</title>';

const page = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.inject({ method, url, headers });

describe('a page of nothing answers the 404 page with the status 404', () => {
  it('for an unknown fund, a malformed id and one too long to be an id', async () => {
    for (const url of [
      '/donatenow/00000000-0000-4000-8000-000000000000',
      '/donatenow/not-a-fund',
      `/donatenow/${'x'.repeat(150)}`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(NOT_FOUND_TITLE);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await page('/donatenow/not-a-fund', {}, 'HEAD')).statusCode).toBe(404);
  });

  it("in the visitor's language", async () => {
    const res = await page('/donatenow/not-a-fund', { 'accept-language': 'bn' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="bn"');
    expect(res.body).toContain('<title>পাতাটি পাওয়া যায়নি - Easy Fund</title>');
  });

  it('for an approved fund: no, it is there', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, name: 'Tube wells' });
    const res = await page(`/donatenow/${fund.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Fund Details - Easy Fund</title>');
  });

  it('for a pending fund, except to its raiser and the admins, who may open it', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'pending' });
    const url = `/donatenow/${fund.id}`;
    expect((await page(url)).statusCode).toBe(404);
    expect((await page(url, { cookie: stranger.cookie })).statusCode).toBe(404);
    for (const who of [raiser, admin]) {
      const res = await page(url, { cookie: who.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Fund Details - Easy Fund</title>');
    }
  });

  it('for a path of no page, an unknown information page and unknown signed links', async () => {
    for (const url of [
      '/no/such/page',
      '/fund/00000000-0000-4000-8000-000000000000',
      '/dashboard/no-such-page',
      '/info/no-such-topic',
      '/unsubscribe/not-a-token',
      '/monthly-gifts/not-a-token',
      '/r/not-a-token',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(NOT_FOUND_TITLE);
    }
  });

  it('never for the pages of the site', async () => {
    for (const url of ['/', '/donatenow', '/info/about', '/login', '/dashboard']) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
  });
});
