import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srcsetFor } from '@easyfund/shared/images';
import { uploads } from '../src/db/schema';
import { pruneUnusedUploads } from '../src/modules/uploads/service';
import { createFund } from '../src/seed/factories';
import {
  as,
  createSignedInUser,
  type SignedInUser,
  useTestApp,
  type TestContext,
  decide,
  urlOf,
} from './helper';
import { resources as api } from '@easyfund/shared/api/resources';

/** Real images of a given size and format, made by the same library the server uses. */
const image = (format: 'png' | 'jpeg' | 'webp', width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } })
    .toFormat(format)
    .toBuffer();

/** A PNG whose header declares a size without the pixels behind it (a decompression bomb). */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([len, typed, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(16)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file. */
function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = `----easyfund${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file posted to the uploads endpoint as the site's image field sends it; by `who` if signed in. */
function postUpload(
  ctx: TestContext,
  who: SignedInUser | null,
  filename: string,
  type: string,
  data: Buffer,
) {
  const { payload, headers } = multipart(filename, type, data);
  return ctx.app.inject({
    method: 'POST',
    url: urlOf(api.uploads.upload),
    payload,
    headers: who ? { ...headers, cookie: who.cookie } : headers,
  });
}

describe('srcset of an image address', () => {
  it('lists every stored width of our uploads and nothing for other addresses', () => {
    expect(srcsetFor('/uploads/0b6c8a3e-7a43-4bde-9d0e-3d1c7a1b2c3d-1280.webp')).toBe(
      '/uploads/0b6c8a3e-7a43-4bde-9d0e-3d1c7a1b2c3d-320.webp 320w, /uploads/0b6c8a3e-7a43-4bde-9d0e-3d1c7a1b2c3d-640.webp 640w, /uploads/0b6c8a3e-7a43-4bde-9d0e-3d1c7a1b2c3d-1280.webp 1280w',
    );
    expect(srcsetFor('https://example.com/a-1280.png')).toBeUndefined();
    expect(srcsetFor('/images/causes/relief.webp')).toBeUndefined();
  });
});

describe('uploads on local disk', () => {
  const { ctx, person } = useTestApp({ person: {} });

  const upload = (
    filename: string,
    type: string,
    data: Buffer,
    who: SignedInUser | null = person,
  ) => postUpload(ctx, who, filename, type, data);
  const stored = () =>
    existsSync(ctx.config.uploadsDir) ? readdirSync(ctx.config.uploadsDir).length : 0;
  const fetchImage = async (url: string) => {
    const got = await ctx.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    return got.rawPayload;
  };

  it('keeps the multipart reader to the upload route: other requests run none of its hooks', async () => {
    // Its async hooks on every request and response were a fifth of a cached read's time.
    expect(ctx.app.hasRequestDecorator('isMultipart')).toBe(false);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    // Any other route takes such a body unread, as before, and its schema answers it.
    expect(other.statusCode).toBe(400);
  });

  it('re-encodes a PNG as WebP in three widths and serves each at its address', async () => {
    const res = await upload('photo.png', 'image/png', await image('png', 1600, 900));
    expect(res.statusCode).toBe(201);
    const { url, widths } = res.json();
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}-1280\.webp$/);
    expect(widths).toEqual([320, 640, 1280]);
    for (const w of widths as number[]) {
      const meta = await sharp(await fetchImage(url.replace('-1280.', `-${w}.`))).metadata();
      expect(meta).toMatchObject({
        format: 'webp',
        width: w,
        height: Math.round((900 * w) / 1600),
      });
    }
  });

  it('never enlarges a small image', async () => {
    const { url } = (await upload('s.jpg', 'image/jpeg', await image('jpeg', 200, 100))).json();
    const meta = await sharp(await fetchImage(url)).metadata();
    expect(meta.width).toBe(200);
  });

  it('accepts JPEG and WebP whatever name or type the browser gave', async () => {
    const jpeg = await upload('holiday.png', 'image/png', await image('jpeg'));
    expect(jpeg.statusCode).toBe(201);
    const webp = await upload('x', 'application/octet-stream', await image('webp'));
    expect(webp.statusCode).toBe(201);
  });

  it('strips EXIF metadata, GPS position included, and turns the image upright', async () => {
    const withGps = await sharp({
      create: { width: 400, height: 200, channels: 3, background: '#e76f51' },
    })
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Someone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(withGps).metadata();
    expect(sent.exif).toBeDefined();
    expect(sent.orientation).toBe(6);
    expect(withGps.includes(Buffer.from('Someone'))).toBe(true);
    const { url } = (await upload('gps.jpg', 'image/jpeg', withGps)).json();
    const body = await fetchImage(url);
    const meta = await sharp(body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    // Orientation 6 means "rotate 90°": the stored image is upright, 200 × 400.
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(body.includes(Buffer.from('Someone'))).toBe(false);
  });

  it('refuses a JPEG header followed by HTML, and stores nothing', async () => {
    const before = stored();
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    const res = await upload('evil.jpg', 'image/jpeg', fake);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: 'Only JPEG, PNG or WebP images can be uploaded',
      fields: { file: 'Only JPEG, PNG or WebP images can be uploaded' },
    });
    expect(stored()).toBe(before);
  });

  it('refuses a file that only claims to be an image, a GIF, an SVG and a cut-off PNG', async () => {
    const before = stored();
    const whole = await image('png', 300, 300);
    for (const data of [
      Buffer.from('<script>alert(1)</script>'),
      await sharp({ create: { width: 5, height: 5, channels: 3, background: '#000' } })
        .gif()
        .toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      whole.subarray(0, Math.floor(whole.length / 2)),
    ]) {
      const res = await upload('a.png', 'image/png', data);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Only JPEG, PNG or WebP images can be uploaded');
    }
    expect(stored()).toBe(before);
  });

  it('refuses a PNG that declares 30,000 × 30,000 pixels before decoding it', async () => {
    const before = stored();
    const res = await upload('bomb.png', 'image/png', pngDeclaring(30_000, 30_000));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The image is too large: at most 25 megapixels');
    expect(stored()).toBe(before);
  });

  it('refuses an image over 2 MB and stores nothing', async () => {
    const before = stored();
    const big = Buffer.concat([await image('png', 10, 10), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload('big.png', 'image/png', big);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The image must be at most 2 MB');
    expect(stored()).toBe(before);
  });

  it('asks for a file when none is sent', async () => {
    const res = await as(person).send(api.uploads.upload, {
      body: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Choose an image to upload');
  });

  it('allows 30 uploads an hour per account, then answers 429', async () => {
    const busy = await createSignedInUser(ctx);
    const small = await image('png', 8, 8);
    for (let i = 0; i < 30; i++) {
      expect((await upload('p.png', 'image/png', small, busy)).statusCode).toBe(201);
    }
    const refused = await upload('p.png', 'image/png', small, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'Too many uploads. Please wait a while and try again.',
    );
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await upload('p.png', 'image/png', small)).statusCode).toBe(201);
  });

  it('is for signed-in people only', async () => {
    const before = stored();
    const res = await upload('photo.png', 'image/png', await image('png', 10, 10), null);
    expect(res.statusCode).toBe(401);
    expect(stored()).toBe(before);
  });

  it('deletes, after a day, the uploads no fund, fund update, application or profile uses', async () => {
    const owner = await createSignedInUser(ctx, { role: 'verified' });
    const send = async () =>
      (await upload('p.png', 'image/png', await image('png', 50, 50), owner)).json().url as string;
    const used = await send();
    const inUpdate = await send();
    const unused = await send();
    const fresh = await send();
    const fund = await createFund(ctx.db, { raiserId: owner.id, image: used });
    const posted = await as(owner).call(api.updates.create, {
      params: { id: fund.id },
      body: { body: 'A photo of the new classroom', image: inUpdate },
    });
    expect(posted.statusCode).toBe(201);
    const { db } = ctx;
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    const { inArray } = await import('drizzle-orm');
    await db
      .update(uploads)
      .set({ createdAt: dayAgo })
      .where(inArray(uploads.url, [used, inUpdate, unused]));

    const removed = await pruneUnusedUploads(db, ctx.app.storage);
    expect(removed).toBe(1);
    const status = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;
    expect(await status(unused)).toBe(404);
    expect(await status(unused.replace('-1280.', '-320.'))).toBe(404);
    expect(await status(used)).toBe(200);
    expect(await status(inUpdate)).toBe(200);
    expect(await status(fresh)).toBe(200);
    const left = (await db.select({ url: uploads.url }).from(uploads)).map((r) => r.url);
    expect(left).toContain(used);
    expect(left).not.toContain(unused);
    expect(await pruneUnusedUploads(db, ctx.app.storage)).toBe(0);
  });

  it('keeps, past a day, an image only a pending material edit uses, so approving it shows the image', async () => {
    const owner = await createSignedInUser(ctx, { role: 'verified' });
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const proposed = (await upload('p.png', 'image/png', await image('png', 50, 50), owner)).json()
      .url as string;
    const fund = await createFund(ctx.db, { raiserId: owner.id, status: 'approved' });
    const edit = await as(owner).call(api.funds.update, {
      params: { id: fund.id },
      body: { image: proposed },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().pendingChange).toMatchObject({ image: proposed });
    const { inArray } = await import('drizzle-orm');
    await ctx.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(inArray(uploads.url, [proposed]));

    await pruneUnusedUploads(ctx.db, ctx.app.storage);
    const left = (await ctx.db.select({ url: uploads.url }).from(uploads)).map((r) => r.url);
    expect(left).toContain(proposed);
    const approve = await decide(admin, 'fundChange', fund.id, { status: 'approved' });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ image: proposed });
    expect((await ctx.app.inject({ method: 'GET', url: proposed })).statusCode).toBe(200);
  });

  it('keeps, past a day, the images of an application and of a profile', async () => {
    const applicant = await createSignedInUser(ctx);
    const send = async () =>
      (await upload('p.png', 'image/png', await image('png', 50, 50), applicant)).json()
        .url as string;
    const idCard = await send();
    const avatar = await send();
    const applied = await as(applicant).call(api.verifications.apply, {
      body: {
        name: applicant.name,
        image: idCard,
        idCardNumber: '1234567890',
        phoneNumber: '01712345678',
      },
    });
    expect(applied.statusCode).toBe(201);
    const profile = await as(applicant).inject(
      'POST',
      '/api/auth/update-user',
      { image: avatar },
      { origin: 'http://localhost:3000' },
    );
    expect(profile.statusCode).toBe(200);
    const { inArray } = await import('drizzle-orm');
    await ctx.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(inArray(uploads.url, [idCard, avatar]));

    await pruneUnusedUploads(ctx.db, ctx.app.storage);
    const left = (await ctx.db.select({ url: uploads.url }).from(uploads)).map((r) => r.url);
    expect(left).toEqual(expect.arrayContaining([idCard, avatar]));
  });
});

describe('uploads to S3-compatible storage', () => {
  const received: {
    method?: string;
    url?: string;
    headers: IncomingMessage['headers'];
    body: Buffer;
  }[] = [];
  let refuse = false;
  const s3 = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      if (refuse) {
        res.statusCode = 403;
        res.setHeader('content-type', 'application/xml');
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
        );
        return;
      }
      res.statusCode = 200;
      if (req.method === 'POST') {
        res.setHeader('content-type', 'application/xml');
        res.end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
        return;
      }
      res.setHeader('etag', '"abc"');
      res.end();
    });
  });

  beforeAll(() => new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => s3.close(resolve)));
  const { ctx, person } = useTestApp(
    { person: {} },
    {
      env: () => ({
        UPLOADS_S3_BUCKET: 'fund-images',
        UPLOADS_S3_REGION: 'auto',
        UPLOADS_S3_ENDPOINT: `http://127.0.0.1:${(s3.address() as AddressInfo).port}`,
        UPLOADS_S3_ACCESS_KEY_ID: 'test-key',
        UPLOADS_S3_SECRET_ACCESS_KEY: 'test-secret',
        UPLOADS_PUBLIC_URL: 'https://images.example.com',
      }),
    },
  );

  it('puts every width into the bucket with signed requests and answers the public address', async () => {
    received.length = 0;
    const res = await postUpload(ctx, person, 'photo.webp', 'image/webp', await image('webp'));
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^https:\/\/images\.example\.com\/[0-9a-f-]{36}-1280\.webp$/);
    const puts = received.filter((r) => r.method === 'PUT');
    expect(puts.map((p) => p.url?.split('?')[0]).sort()).toEqual(
      [320, 640, 1280]
        .map((w) => `/fund-images/${url.split('/').pop()!.replace('-1280.', `-${w}.`)}`)
        .sort(),
    );
    for (const put of puts) {
      expect(put.headers['content-type']).toBe('image/webp');
      expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(put.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/auto\/s3\/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$/,
      );
      expect((await sharp(put.body).metadata()).format).toBe('webp');
    }
    expect(existsSync(ctx.config.uploadsDir) ? readdirSync(ctx.config.uploadsDir) : []).toEqual([]);
  });

  it('deletes unused uploads from the bucket', async () => {
    const res = await postUpload(ctx, person, 'photo.png', 'image/png', await image('png', 40, 40));
    const { url } = res.json();
    const { eq } = await import('drizzle-orm');
    await ctx.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) })
      .where(eq(uploads.url, url));
    received.length = 0;
    expect(await pruneUnusedUploads(ctx.db, ctx.app.storage)).toBeGreaterThanOrEqual(1);
    const del = received.find((r) => r.method === 'POST' && r.url?.includes('delete'));
    expect(del).toBeDefined();
    const id = url.split('/').pop()!.replace('-1280.webp', '');
    for (const w of [320, 640, 1280]) expect(del!.body.toString()).toContain(`${id}-${w}.webp`);
  });

  it('answers 503 when the store refuses the image', async () => {
    refuse = true;
    const res = await postUpload(ctx, person, 'photo.png', 'image/png', await image('png', 40, 40));
    refuse = false;
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(
      'The image store refused the image, please try again shortly',
    );
  });
});
