import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@easyfund/shared/constants';
import { uploads } from '@easyfund/shared/api/uploads';
import { DomainError, Invalid } from '../../lib/errors';
import { rateLimit } from '../../plugins/rate-limit';
import { clientAborted } from '../../plugins/errors';
import { route } from '../../plugins/route';
import { storeUpload, UPLOAD_MESSAGES, UPLOADS_PER_HOUR } from './service';

const refuse = (message: string) => new Invalid(message, { file: message });

function isTooLarge(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** The one file of a multipart form, read into memory (bounded by MAX_UPLOAD_BYTES). */
async function readFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw refuse(UPLOAD_MESSAGES.missing);
  try {
    const file = await request.file();
    if (!file) throw refuse(UPLOAD_MESSAGES.missing);
    return await file.toBuffer();
  } catch (err) {
    if (isTooLarge(err)) throw refuse(UPLOAD_MESSAGES.tooLarge);
    if (err instanceof DomainError) throw err;
    // The client went away mid-upload: logged as such by the error handler.
    if (clientAborted(request)) throw err;
    // Anything else comes from reading the client's body: a malformed or cut-off
    // multipart form is the client's mistake (400), not a server error.
    throw refuse(UPLOAD_MESSAGES.unreadable);
  }
}

/**
 * Image uploads for fund pictures and fund raiser applications. The multipart reader is
 * registered here, for this route alone: its hooks (an async one on every request and on
 * every response) and request properties would otherwise cost every other request of the
 * site; its parser takes over from the site's, which takes such a body unread.
 */
const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  app.removeContentTypeParser('multipart/form-data');
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });
  route(
    app,
    uploads.upload,
    async ({ user, request }) => storeUpload(db, app.storage, user, await readFile(request)),
    {
      preHandler: [
        rateLimit({
          name: 'uploads',
          per: { user: UPLOADS_PER_HOUR },
          windowMs: 60 * 60_000,
          message: UPLOAD_MESSAGES.tooMany,
        }),
      ],
    },
  );
};

export default uploadsRoutes;
