import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '@easyfund/shared/constants';
import { Invalid } from '../../lib/errors';
import { detectImageType } from '../../lib/storage/image-type';
import { createStorage } from '../../lib/storage/storage';
import { requireUser } from '../../plugins/auth';

export const UPLOAD_MESSAGES = {
  missing: 'Choose an image to upload',
  tooLarge: `The image must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
  wrongType: 'Only JPEG, PNG or WebP images can be uploaded',
} as const;

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
      preHandler: requireUser,
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image (JPEG, PNG or WebP, at most 2 MB, checked from its bytes)',
        consumes: ['multipart/form-data'],
        response: { 201: ZUploadResponse },
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
        throw err;
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
