import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectImageType } from '../src/lib/storage/image-type';
import { signRequest, sha256Hex } from '../src/lib/storage/sigv4';
import { buildTestApp, createSignedInUser, type SignedInUser, type TestContext } from './helper';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif data')]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x10, 0, 0, 0]),
  Buffer.from('WEBPVP8 data'),
]);

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

describe('image type from the bytes', () => {
  it('recognises JPEG, PNG and WebP and nothing else', () => {
    expect(detectImageType(JPEG)?.mime).toBe('image/jpeg');
    expect(detectImageType(PNG)?.mime).toBe('image/png');
    expect(detectImageType(WEBP)?.mime).toBe('image/webp');
    expect(detectImageType(Buffer.from('GIF89a....'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('S3 request signing', () => {
  it("matches AWS's published Signature Version 4 example (GET Object)", () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: sha256Hex(''),
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('uploads on local disk', () => {
  let ctx: TestContext;
  let person: SignedInUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    person = await createSignedInUser(ctx);
  });
  afterAll(() => ctx.close());

  const upload = (
    filename: string,
    type: string,
    data: Buffer,
    who: SignedInUser | null = person,
  ) => {
    const { payload, headers } = multipart(filename, type, data);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: who ? { ...headers, cookie: who.cookie } : headers,
    });
  };
  const stored = () =>
    existsSync(ctx.config.uploadsDir) ? readdirSync(ctx.config.uploadsDir).length : 0;

  it('stores a PNG and serves it back at the answered address', async () => {
    const res = await upload('photo.png', 'image/png', PNG);
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const got = await ctx.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('names the file from its bytes, not from the name the browser gave', async () => {
    const jpeg = await upload('holiday.png', 'image/png', JPEG);
    expect(jpeg.json().url).toMatch(/\.jpg$/);
    const webp = await upload('x', 'application/octet-stream', WEBP);
    expect(webp.json().url).toMatch(/\.webp$/);
  });

  it('refuses a file that only claims to be an image, and stores nothing', async () => {
    const before = stored();
    const res = await upload('evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: 'Only JPEG, PNG or WebP images can be uploaded',
      fields: { file: 'Only JPEG, PNG or WebP images can be uploaded' },
    });
    expect(stored()).toBe(before);
  });

  it('refuses an image over 2 MB and stores nothing', async () => {
    const before = stored();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload('big.png', 'image/png', big);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The image must be at most 2 MB');
    expect(stored()).toBe(before);
  });

  it('accepts an image of 1.5 MB', async () => {
    const res = await upload(
      'ok.png',
      'image/png',
      Buffer.concat([PNG, Buffer.alloc(1536 * 1024)]),
    );
    expect(res.statusCode).toBe(201);
  });

  it('asks for a file when none is sent', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: {},
      headers: { cookie: person.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Choose an image to upload');
  });

  it('allows 30 uploads an hour per account, then answers 429', async () => {
    const busy = await createSignedInUser(ctx);
    for (let i = 0; i < 30; i++) {
      expect((await upload('p.png', 'image/png', PNG, busy)).statusCode).toBe(201);
    }
    const refused = await upload('p.png', 'image/png', PNG, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'Too many uploads. Please wait a while and try again.',
    );
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await upload('p.png', 'image/png', PNG)).statusCode).toBe(201);
  });

  it('is for signed-in people only', async () => {
    const before = stored();
    const res = await upload('photo.png', 'image/png', PNG, null);
    expect(res.statusCode).toBe(401);
    expect(stored()).toBe(before);
  });
});

describe('uploads to S3-compatible storage', () => {
  let ctx: TestContext;
  let person: SignedInUser;
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
      res.statusCode = refuse ? 403 : 200;
      res.end();
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
    const { port } = s3.address() as AddressInfo;
    ctx = await buildTestApp({
      UPLOADS_S3_BUCKET: 'fund-images',
      UPLOADS_S3_REGION: 'auto',
      UPLOADS_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      UPLOADS_S3_ACCESS_KEY_ID: 'test-key',
      UPLOADS_S3_SECRET_ACCESS_KEY: 'test-secret',
      UPLOADS_PUBLIC_URL: 'https://images.example.com',
    });
    person = await createSignedInUser(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => s3.close(resolve));
  });

  it('puts the image into the bucket with a signed request and answers its public address', async () => {
    const { payload, headers } = multipart('photo.webp', 'image/webp', WEBP);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...headers, cookie: person.cookie },
    });
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^https:\/\/images\.example\.com\/[0-9a-f-]{36}\.webp$/);
    const put = received.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe(`/fund-images/${path.basename(url)}`);
    expect(put.body.equals(WEBP)).toBe(true);
    expect(put.headers['content-type']).toBe('image/webp');
    expect(put.headers['x-amz-content-sha256']).toBe(sha256Hex(WEBP));
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/auto\/s3\/aws4_request,SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
    );
    expect(existsSync(ctx.config.uploadsDir) ? readdirSync(ctx.config.uploadsDir) : []).toEqual([]);
  });

  it('answers 503 when the store refuses the image', async () => {
    refuse = true;
    const { payload, headers } = multipart('photo.png', 'image/png', PNG);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...headers, cookie: person.cookie },
    });
    refuse = false;
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(
      'The image store refused the image, please try again shortly',
    );
  });
});
