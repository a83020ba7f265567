import { randomUUID } from 'node:crypto';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '@easyfund/shared/constants';
import { STORED_WIDTH, uploadVariant, UPLOAD_WIDTHS } from '@easyfund/shared/images';
import type { TMe } from '@easyfund/shared/schemas/common';
import type { Db } from '../../db/client';
import {
  fundChanges,
  fundUpdates,
  spendingReports,
  funds,
  uploads,
  user,
  verificationApplications,
} from '../../db/schema';
import { Invalid } from '../../lib/errors';
import { ImageRejected, MAX_UPLOAD_PIXELS, processImage } from '../../lib/storage/images';
import type { Storage } from '../../lib/storage/storage';

export const UPLOAD_MESSAGES = {
  missing: 'Choose an image to upload',
  tooLarge: `The image must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
  wrongType: 'Only JPEG, PNG or WebP images can be uploaded',
  tooManyPixels: `The image is too large: at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels`,
  unreadable: 'The upload could not be read, please choose the image again',
  tooMany: 'Too many uploads. Please wait a while and try again.',
} as const;

/** Uploads per account and hour: enough for any form, not enough to fill the disk. */
export const UPLOADS_PER_HOUR = 30;

/** An upload nothing uses this long after it was sent is deleted. */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60_000;

const refuse = (message: string) => new Invalid(message, { file: message });

/**
 * Stores an uploaded image: decoded and re-encoded (see processImage), every width put
 * into storage, recorded with its owner. Answers the address to keep with a fund or an
 * application and its srcset widths.
 */
export async function storeUpload(db: Db, storage: Storage, owner: Pick<TMe, 'id'>, input: Buffer) {
  if (input.length === 0) throw refuse(UPLOAD_MESSAGES.missing);
  let variants;
  try {
    variants = await processImage(input);
  } catch (err) {
    if (err instanceof ImageRejected) throw refuse(UPLOAD_MESSAGES[err.reason]);
    throw err;
  }
  const id = randomUUID();
  let url = '';
  for (const v of variants) {
    const stored = await storage.put(uploadVariant(id, v.width), v.body, 'image/webp');
    if (v.width === STORED_WIDTH) url = stored;
  }
  await db.insert(uploads).values({ id, ownerId: owner.id, url });
  return { url, widths: [...UPLOAD_WIDTHS] };
}

/**
 * Deletes uploads older than a day that nothing uses: no fund, no material edit waiting for
 * review (`fund_changes.proposed.image`), no fund update, no spending report, no application and no profile.
 * Their files go first, then their rows, so a crash in between leaves rows that the next
 * run removes again. Answers how many uploads were removed. Every column that can hold an
 * upload's address must be listed here (the audit trail's before/after copies excepted).
 */
export async function pruneUnusedUploads(
  db: Db,
  storage: Storage,
  now = new Date(),
  batch = 500,
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_TTL_MS);
  const unused = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        lt(uploads.createdAt, cutoff),
        notExists(
          db
            .select({ one: sql`1` })
            .from(funds)
            .where(eq(funds.image, uploads.url)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(fundChanges)
            .where(
              and(
                eq(fundChanges.status, 'pending'),
                sql`${fundChanges.proposed}->>'image' = ${uploads.url}`,
              ),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(fundUpdates)
            .where(eq(fundUpdates.image, uploads.url)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(spendingReports)
            .where(sql`${spendingReports.photos} @> jsonb_build_array(${uploads.url}::text)`),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(verificationApplications)
            .where(eq(verificationApplications.image, uploads.url)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(user)
            .where(eq(user.image, uploads.url)),
        ),
      ),
    )
    .limit(batch);
  if (unused.length === 0) return 0;
  await storage.remove(unused.flatMap(({ id }) => UPLOAD_WIDTHS.map((w) => uploadVariant(id, w))));
  for (const { id } of unused) await db.delete(uploads).where(eq(uploads.id, id));
  return unused.length;
}
