import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Config, ConfigError } from '../../config';
import { Unavailable } from '../errors';
import { encodeSegment, sha256Hex, signRequest } from './sigv4';

/** Where uploaded images go. `put` answers the address the browser loads the image from. */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<string>;
}

/** Local disk under the uploads directory, served by the app at /uploads/. */
export function localStorage(dir: string): Storage {
  return {
    kind: 'local',
    async put(key, body) {
      const file = path.join(dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body, { flag: 'wx' });
      return `/uploads/${key}`;
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
  fetch?: typeof fetch;
}

/** S3-compatible object storage: one signed PUT per image. */
export function s3Storage(opts: S3Options): Storage {
  const doFetch = opts.fetch ?? fetch;
  const objectUrl = (key: string) => {
    const encoded = key.split('/').map(encodeSegment).join('/');
    if (opts.endpoint) {
      const base = opts.endpoint.replace(/\/+$/, '');
      return new URL(`${base}/${encodeSegment(opts.bucket)}/${encoded}`);
    }
    return new URL(`https://${opts.bucket}.s3.${opts.region}.amazonaws.com/${encoded}`);
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const url = objectUrl(key);
      const headers = signRequest({
        method: 'PUT',
        url,
        headers: {
          'content-type': contentType,
          'cache-control': 'public, max-age=31536000, immutable',
        },
        payloadHash: sha256Hex(body),
        accessKeyId: opts.accessKeyId,
        secretAccessKey: opts.secretAccessKey,
        region: opts.region,
      });
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'PUT',
          headers,
          body: new Uint8Array(body),
          signal: AbortSignal.timeout(15_000),
        });
      } catch {
        throw new Unavailable('The image store cannot be reached, please try again shortly');
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new Unavailable('The image store refused the image, please try again shortly');
      }
      await res.body?.cancel();
      if (opts.publicUrl) return `${opts.publicUrl.replace(/\/+$/, '')}/${key}`;
      return url.toString();
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
