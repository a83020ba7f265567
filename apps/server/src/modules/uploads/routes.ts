import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@easyfund/shared/schemas/common';
import { DomainError, Invalid, TooManyRequests } from '../../lib/errors';
import { hitRateLimit } from '../../lib/rate-limit';
import { requireUser } from '../../plugins/auth';
import { storeUpload, UPLOAD_MESSAGES, UPLOADS_PER_HOUR } from './service';

/** Signed in by the session cookie or a bearer token. */
const SECURITY: { [scheme: string]: string[] }[] = [{ session: [] }, { bearer: [] }];

const ZUploadResponse = z.object({ url: z.string(), widths: z.array(z.number().int()) });

function isTooLarge(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Image uploads for fund pictures and fund raiser applications. */
const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app;

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
        summary:
          'Upload an image (JPEG, PNG or WebP, at most 2 MB): decoded, stripped of metadata and stored as WebP in several widths',
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
      const stored = await storeUpload(app.database.db, storage, request.user, body);
      return reply.status(201).send(stored);
    },
  );
};

export default uploadsRoutes;
