import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '@easyfund/shared/constants';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { DomainError, Invalid, TooManyRequests } from '../../lib/errors';
import { hitRateLimit } from '../../db/rate-limit-store';
import type { Storage } from '../../lib/storage/storage';
import { storeUpload, UPLOAD_MESSAGES, UPLOADS_PER_HOUR } from './service';

/*
 * An image given by its address is copied into our own uploads when a fund is requested
 * or edited (decision 452): what the admin approved cannot change on a remote host, and
 * no visitor's browser asks that host for it. The fetch is bounded like an upload and
 * never reaches this machine or a private network (the host is resolved and checked, and
 * the connection goes to the address that was checked; every redirect again).
 */

const IMAGE_UNREACHABLE = 'The image could not be fetched from this address';
const IMAGE_NOT_AN_IMAGE = 'The address does not give a JPEG, PNG or WebP image';
const IMAGE_NOT_PUBLIC = 'The image address must be on the public internet';

export const REMOTE_IMAGE_MESSAGES = {
  unreachable: IMAGE_UNREACHABLE,
  notImage: IMAGE_NOT_AN_IMAGE,
  privateAddress: IMAGE_NOT_PUBLIC,
} as const;

export const REMOTE_IMAGE_TIMEOUT_MS = 10_000;
export const REMOTE_IMAGE_MAX_REDIRECTS = 3;

/**
 * Addresses an image is never fetched from: this machine, private and special networks.
 * Two lists: a BlockList also matches an IPv4 address against IPv6 rules of its mapped
 * forms, which would block every IPv4 address here.
 */
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED_V4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23], // Teredo, benchmarking and other special purposes
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4 (carries an IPv4 address)
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED_V6.addSubnet(net, prefix, 'ipv6');
}

/** True for an address an image must not be fetched from. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED_V4.check(address, 'ipv4');
  if (family === 6) return BLOCKED_V6.check(address, 'ipv6');
  return true;
}

class Refused extends Error {
  constructor(readonly reason: keyof typeof REMOTE_IMAGE_MESSAGES | 'tooLarge') {
    super(reason);
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that refuses private addresses: the connection uses what was checked. */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
      return callback(new Refused('privateAddress'), []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

interface FetchOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** One GET without following redirects: the body (bounded) or where it redirects to. */
function getOnce(
  url: URL,
  opts: Required<FetchOptions>,
  signal: AbortSignal,
): Promise<{ body: Buffer } | { location: string }> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // A literal address is not looked up, so it is checked here.
    if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host)) {
      reject(new Refused('privateAddress'));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      {
        signal,
        headers: { accept: 'image/webp,image/png,image/jpeg', 'user-agent': 'EasyFund-ImageCopy' },
        ...(opts.allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ location: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new Refused('unreachable'));
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          res.destroy();
          reject(new Refused('tooLarge'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            res.destroy();
            reject(new Refused('tooLarge'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ body: Buffer.concat(chunks) }));
        res.on('error', () => reject(new Refused('unreachable')));
      },
    );
    req.on('error', (err) => reject(err instanceof Refused ? err : new Refused('unreachable')));
  });
}

/**
 * Fetches an image's bytes from an http(s) address: at most `maxBytes`, within
 * `timeoutMs` altogether, at most `maxRedirects` redirects (each checked again), never
 * from a private address unless `allowPrivate` (tests).
 */
export async function fetchRemoteImage(address: string, options: FetchOptions): Promise<Buffer> {
  const opts: Required<FetchOptions> = {
    timeoutMs: REMOTE_IMAGE_TIMEOUT_MS,
    maxBytes: MAX_UPLOAD_BYTES,
    maxRedirects: REMOTE_IMAGE_MAX_REDIRECTS,
    ...options,
  };
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let url = new URL(address);
  for (let hop = 0; hop <= opts.maxRedirects; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused('unreachable');
    if (url.username || url.password) throw new Refused('unreachable');
    const got = await getOnce(url, opts, signal);
    if ('body' in got) return got.body;
    url = new URL(got.location, url);
  }
  throw new Refused('unreachable');
}

const refuse = (message: string) => new Invalid(message, { image: message });

/** True when the address is already one of our uploads or a bundled picture. */
async function isOurs(db: Db, image: string): Promise<boolean> {
  if (image.startsWith('/')) return true;
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.url, image));
  return Boolean(row);
}

/**
 * The image address to keep with a fund: ours as it is; another address copied into our
 * uploads (decoded and re-encoded like an upload) and the copy's address. A failure is a
 * 400 on the `image` field.
 */
export async function adoptImage(
  db: Db,
  storage: Storage,
  owner: Pick<TMe, 'id'>,
  image: string,
  options: { allowPrivate: boolean },
): Promise<string> {
  if (await isOurs(db, image)) return image;
  // A copy counts as an upload: the same limit per account (shared with POST /api/uploads).
  const hit = await hitRateLimit(db, `uploads:user:${owner.id}`, UPLOADS_PER_HOUR, 60 * 60_000);
  if (!hit.allowed) throw new TooManyRequests(UPLOAD_MESSAGES.tooMany);
  let bytes: Buffer;
  try {
    bytes = await fetchRemoteImage(image, options);
  } catch (err) {
    if (err instanceof Refused) {
      throw refuse(
        err.reason === 'tooLarge' ? UPLOAD_MESSAGES.tooLarge : REMOTE_IMAGE_MESSAGES[err.reason],
      );
    }
    throw refuse(REMOTE_IMAGE_MESSAGES.unreachable);
  }
  if (bytes.length === 0) throw refuse(REMOTE_IMAGE_MESSAGES.notImage);
  try {
    return (await storeUpload(db, storage, owner, bytes)).url;
  } catch (err) {
    if (err instanceof DomainError && err.status === 400) {
      const message = err.fields?.file ?? REMOTE_IMAGE_MESSAGES.notImage;
      throw refuse(
        message === UPLOAD_MESSAGES.wrongType ? REMOTE_IMAGE_MESSAGES.notImage : message,
      );
    }
    throw err;
  }
}
