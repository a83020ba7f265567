import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { hitRateLimit } from '../src/db/rate-limit-store';
import { isPrivateAddress, REMOTE_IMAGE_MESSAGES } from '../src/modules/uploads/remote';
import { UPLOAD_MESSAGES, UPLOADS_PER_HOUR } from '../src/modules/uploads/service';
import { createFund } from '../src/seed/factories';
import { as, createSignedInUser, useTestApp } from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

/*
 * An image given by its address is copied into our uploads when a fund is requested or
 * edited (decision 452). The remote host is a real HTTP server on this machine; the app
 * that may fetch from it is told so by its test-only setting.
 */

const png = (background: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();

let picture: Buffer;
let hits = 0;
let server: Server;
let origin: string;

beforeAll(async () => {
  picture = await png('#c00');
  const big = Buffer.alloc(2 * 1024 * 1024 + 1, 1);
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/a.png') res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    else if (req.url === '/page.html')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    else if (req.url === '/big.png') res.writeHead(200, { 'content-type': 'image/png' }).end(big);
    else if (req.url === '/moved') res.writeHead(302, { location: '/a.png' }).end();
    else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
const { ctx, raiser } = useTestApp(
  { raiser: { role: 'verified' } },
  { env: { IMAGE_FETCH_ALLOW_PRIVATE: 'true' } },
);
const { raiser: guardedRaiser } = useTestApp({ raiser: { role: 'verified' } });

const fundWith = (image: string) => ({
  name: 'Flood relief',
  image,
  description: 'Dry food and clean water.',
  cause: 'relief-fund' as const,
  goalTk: 50000,
  suggestedTk: 500,
});

const UPLOAD = /^\/uploads\/[0-9a-f-]{36}-1280\.webp$/;

describe('an image given by its address', () => {
  it('is stored as our own upload, and a later change of the remote file does not change the fund', async () => {
    const res = await as(raiser).call(api.funds.create, { body: fundWith(`${origin}/a.png`) });
    expect(res.statusCode).toBe(201);
    const image = res.json().image;
    expect(image).toMatch(UPLOAD);
    const first = await ctx.app.inject({ method: 'GET', url: image });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect((await sharp(first.rawPayload).stats()).dominant).toMatchObject({ r: 200 });

    picture = await png('#00c');
    const later = await as(raiser).call(api.funds.getMine, { params: { id: res.json().id } });
    expect(later.json().image).toBe(image);
    const again = await ctx.app.inject({ method: 'GET', url: image });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('follows a redirect, and a material edit of an approved fund proposes the copy', async () => {
    const fund = await createFund(ctx.db, { raiserId: raiser.id, status: 'approved' });
    const edit = await as(raiser).call(api.funds.update, {
      params: { id: fund.id },
      body: {
        image: `${origin}/moved`,
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().image).toBe(fund.image);
    expect(edit.json().pendingChange?.image).toMatch(UPLOAD);
  });

  it('is refused with a 400 on the image field when it is not an image, missing, too large or redirects forever', async () => {
    const cases: [string, string][] = [
      ['/page.html', REMOTE_IMAGE_MESSAGES.notImage],
      ['/missing.png', REMOTE_IMAGE_MESSAGES.unreachable],
      ['/big.png', 'The image must be at most 2 MB'],
      ['/loop', REMOTE_IMAGE_MESSAGES.unreachable],
    ];
    const before = (await as(raiser).call(api.funds.mine)).json().items.length;
    for (const [path, message] of cases) {
      const res = await as(raiser).call(api.funds.create, { body: fundWith(`${origin}${path}`) });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.fields, path).toEqual({ image: message });
    }
    expect((await as(raiser).call(api.funds.mine)).json().items).toHaveLength(before);
  });

  it('is never fetched from this machine or a private network unless the setting allows it', async () => {
    const port = (server.address() as AddressInfo).port;
    const before = hits;
    for (const address of [
      `${origin}/a.png`,
      `http://localhost:${port}/a.png`,
      `http://[::1]:${port}/a.png`,
      `http://[::ffff:127.0.0.1]:${port}/a.png`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/a.png',
    ]) {
      const res = await as(guardedRaiser).call(api.funds.create, { body: fundWith(address) });
      expect(res.statusCode, address).toBe(400);
      expect(res.json().error.fields, address).toEqual({
        image: REMOTE_IMAGE_MESSAGES.privateAddress,
      });
    }
    expect(hits).toBe(before);
    expect((await as(guardedRaiser).call(api.funds.mine)).json().items).toHaveLength(0);
  });

  it('counts a copy as an upload: past the hourly uploads of an account, 429 and no fetch', async () => {
    const busy = await createSignedInUser(ctx, { role: 'verified' });
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
      await hitRateLimit(ctx.db, `uploads:user:${busy.id}`, UPLOADS_PER_HOUR, 60 * 60_000);
    }
    const before = hits;
    const res = await as(busy).call(api.funds.create, { body: fundWith(`${origin}/a.png`) });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(UPLOAD_MESSAGES.tooMany);
    expect(hits).toBe(before);
    const ours = await as(busy).call(api.funds.create, {
      body: fundWith('/images/funds/education.webp'),
    });
    expect(ours.statusCode).toBe(201);
  });

  it('knows private and special addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['::1', '::', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '64:ff9b::a00:1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '103.4.145.2', '2001:4860:4860::8888']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('may come from a private address in tests only, never in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'test',
        AUTH_SECRET: 'x'.repeat(40),
        IMAGE_FETCH_ALLOW_PRIVATE: 'true',
      }),
    ).toThrow(/^Invalid configuration: IMAGE_FETCH_ALLOW_PRIVATE: /);
  });
});
