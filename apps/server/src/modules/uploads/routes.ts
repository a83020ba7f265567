import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@easyfund/shared/schemas/common';
import { MAX_UPLOAD_BYTES } from '@easyfund/shared/constants';
import { DomainError, Invalid, TooManyRequests } from '../../lib/errors';
import { hitRateLimit } from '../../lib/rate-limit';
import { detectImageType } from '../../lib/storage/image-type';
import { createStorage } from '../../lib/storage/storage';
import { requireUser } from '../../plugins/auth';

export const UPLOAD_MESSAGES = {
  missing: 'Choose an image to upload',
  tooLarge: `The image must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
  wrongType: 'Only JPEG, PNG or WebP images can be uploaded',
  unreadable: 'The upload could not be read, please choose the image again',
  tooMany: 'Too many uploads. Please wait a while and try again.',
} as const;

/** Signed in by the session cookie or a bearer token. */
const SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }, { bearer: [] }];

/** Uploads per account and hour: enough for any form, not enough to fill the disk. */
export const UPLOADS_PER_HOUR = 30;

const ZUploadResponse = z.object({ url: z.string() });

function isTooLarge(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Image uploads for fund pictures and fund raiser applications. */
const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);

  app.post(
    '/api/uploads',
    {
      preHandler: [
        requireUser,
        async (request, reply) => {
          const hit = await hitRateLimit(
            app.database.db,
            `uploads:user:${request.user.id}`,
            UPLOADS_PER_HOUR,
            60 * 60_000,
          );
          if (!hit.allowed) {
            reply.header('retry-after', String(hit.retryAfter));
            throw new TooManyRequests(UPLOAD_MESSAGES.tooMany);
          }
        },
      ],
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image (JPEG, PNG or WebP, at most 2 MB, checked from its bytes)',
        consumes: ['multipart/form-data'],
        security: SECURITY,
        response: {
          201: ZUploadResponse,
          400: ZApiError,
          401: ZApiError,
          429: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new Invalid(UPLOAD_MESSAGES.missing, { file: UPLOAD_MESSAGES.missing });
      let body: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new Invalid(UPLOAD_MESSAGES.missing, { file: UPLOAD_MESSAGES.missing });
        body = await file.toBuffer();
      } catch (err) {
        if (isTooLarge(err))
          throw new Invalid(UPLOAD_MESSAGES.tooLarge, { file: UPLOAD_MESSAGES.tooLarge });
        if (err instanceof DomainError) throw err;
        // Anything else comes from reading the client's body: a malformed or cut-off
        // multipart form is the client's mistake (400), not a server error.
        throw new Invalid(UPLOAD_MESSAGES.unreadable, { file: UPLOAD_MESSAGES.unreadable });
      }
      if (body.length === 0)
        throw new Invalid(UPLOAD_MESSAGES.missing, { file: UPLOAD_MESSAGES.missing });
      const type = detectImageType(body);
      if (!type) throw new Invalid(UPLOAD_MESSAGES.wrongType, { file: UPLOAD_MESSAGES.wrongType });
      const url = await storage.put(`${randomUUID()}.${type.ext}`, body, type.mime);
      return reply.status(201).send({ url });
    },
  );
};

export default uploadsRoutes;
