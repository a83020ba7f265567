import { ZUploadResponse } from '../schemas/uploads';
import { endpoint } from './contract';

/** Image uploads for fund pictures and fund raiser applications. */
export const uploads = {
  upload: endpoint({
    method: 'POST',
    path: '/api/uploads',
    access: 'signedIn',
    operationId: 'uploadImage',
    tags: ['uploads'],
    summary:
      'Upload an image (JPEG, PNG or WebP, at most 2 MB): decoded, stripped of metadata and stored as WebP in several widths',
    multipart: true,
    status: 201,
    response: ZUploadResponse,
    errors: [429],
  }),
} as const;
