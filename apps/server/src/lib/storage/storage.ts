import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
import { type Config, ConfigError } from '../../config';
import { Unavailable } from '../errors';

/** Where uploaded images go. `put` answers the address the browser loads the image from. */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<string>;
  /** An object's bytes; null for a key that is not there. */
  get(key: string): Promise<Buffer | null>;
  /** Removes objects; keys that do not exist are no error. */
  remove(keys: string[]): Promise<void>;
}

/** Keys are our own `<uuid>-<width>.webp`; anything else never reaches the disk. */
const SAFE_KEY = /^[0-9a-f-]{36}-\d{2,4}\.webp$/;

/** The key of one of our uploads from the address `put` answered for it; null for any
 *  other address. */
export function uploadKeyOf(address: string): string | null {
  const last = address.split(/[?#]/)[0]!.split('/').pop() ?? '';
  return SAFE_KEY.test(last) ? last : null;
}

function checkKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`refusing an upload key of unexpected shape: ${key}`);
}

/** Local disk under the uploads directory, served by the app at /uploads/. */
export function localStorage(dir: string): Storage {
  return {
    kind: 'local',
    async put(key, body) {
      checkKey(key);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, key), body, { flag: 'wx' });
      return `/uploads/${key}`;
    },
    async get(key) {
      checkKey(key);
      try {
        return await readFile(path.join(dir, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(keys) {
      for (const key of keys) {
        checkKey(key);
        await rm(path.join(dir, key), { force: true });
      }
    },
  };
}

export interface S3Options {
  bucket: string;
  region: string;
  /** S3-compatible endpoint (path-style addressing); absent → AWS virtual-hosted style. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base address of the bucket (CDN or public bucket URL). */
  publicUrl?: string;
}

/** S3-compatible object storage through the AWS SDK's S3 client. */
export function s3Storage(opts: S3Options): Storage {
  // The SDK is large: loaded on first use, so a server that never stores an image starts
  // without it.
  let sdk: Promise<typeof S3> | undefined;
  let client: S3.S3Client | undefined;
  const s3 = async () => {
    sdk ??= import('@aws-sdk/client-s3');
    const { S3Client } = await sdk;
    client ??= new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: Boolean(opts.endpoint),
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      maxAttempts: 2,
    });
    return { client, ...(await sdk) };
  };
  const objectUrl = (key: string) =>
    opts.endpoint
      ? `${opts.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(opts.bucket)}/${key}`
      : `https://${opts.bucket}.s3.${opts.region}.amazonaws.com/${key}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      checkKey(key);
      try {
        const { client, PutObjectCommand } = await s3();
        await client.send(
          new PutObjectCommand({
            Bucket: opts.bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: 'public, max-age=31536000, immutable',
          }),
          { abortSignal: AbortSignal.timeout(15_000) },
        );
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        throw new Unavailable(
          status
            ? 'The image store refused the image, please try again shortly'
            : 'The image store cannot be reached, please try again shortly',
        );
      }
      if (opts.publicUrl) return `${opts.publicUrl.replace(/\/+$/, '')}/${key}`;
      return objectUrl(key);
    },
    async get(key) {
      checkKey(key);
      const { client, GetObjectCommand } = await s3();
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }), {
          abortSignal: AbortSignal.timeout(15_000),
        });
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        if (status === 404) return null;
        throw new Unavailable('The image store cannot be reached, please try again shortly');
      }
    },
    async remove(keys) {
      keys.forEach(checkKey);
      const { client, DeleteObjectsCommand } = await s3();
      // DeleteObjects takes at most 1,000 keys a request.
      for (let i = 0; i < keys.length; i += 1000) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket: opts.bucket,
            Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
          { abortSignal: AbortSignal.timeout(15_000) },
        );
      }
    },
  };
}

/** S3 when UPLOADS_S3_BUCKET and its keys are set, the local disk otherwise. */
export function createStorage(config: Config): Storage {
  const { UPLOADS_S3_BUCKET, UPLOADS_S3_ACCESS_KEY_ID, UPLOADS_S3_SECRET_ACCESS_KEY } = config;
  if (UPLOADS_S3_BUCKET && UPLOADS_S3_ACCESS_KEY_ID && UPLOADS_S3_SECRET_ACCESS_KEY) {
    return s3Storage({
      bucket: UPLOADS_S3_BUCKET,
      region: config.UPLOADS_S3_REGION,
      endpoint: config.UPLOADS_S3_ENDPOINT,
      accessKeyId: UPLOADS_S3_ACCESS_KEY_ID,
      secretAccessKey: UPLOADS_S3_SECRET_ACCESS_KEY,
      publicUrl: config.UPLOADS_PUBLIC_URL,
    });
  }
  if (UPLOADS_S3_BUCKET) {
    throw new ConfigError(
      'Invalid configuration: UPLOADS_S3_ACCESS_KEY_ID: UPLOADS_S3_BUCKET needs UPLOADS_S3_ACCESS_KEY_ID and UPLOADS_S3_SECRET_ACCESS_KEY',
    );
  }
  return localStorage(config.uploadsDir);
}
