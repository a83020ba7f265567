import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@easyfund/shared/constants';
import type { TUploadResponse } from '@easyfund/shared/schemas/uploads';
import { Invalid } from '../../lib/errors';
import { detectImageType } from '../../lib/storage/image-type';
import type { Storage } from '../../lib/storage/storage';

export const UPLOAD_MESSAGES = {
  missing: 'Choose an image to upload',
  tooLarge: `The image must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
  wrongType: 'Only JPEG, PNG or WebP images can be uploaded',
  unreadable: 'The upload could not be read, please choose the image again',
  tooMany: 'Too many uploads. Please wait a while and try again.',
} as const;

/** A refusal of the upload, said on its `file` field. */
export function uploadRefused(message: string): Invalid {
  return new Invalid(message, { file: message });
}

/**
 * Stores an uploaded image under a new random name: its type is judged from its bytes
 * (JPEG, PNG or WebP), never from the name or the declared type.
 */
export async function storeImage(storage: Storage, body: Buffer): Promise<TUploadResponse> {
  if (body.length === 0) throw uploadRefused(UPLOAD_MESSAGES.missing);
  const type = detectImageType(body);
  if (!type) throw uploadRefused(UPLOAD_MESSAGES.wrongType);
  const url = await storage.put(`${randomUUID()}.${type.ext}`, body, type.mime);
  return { url };
}
