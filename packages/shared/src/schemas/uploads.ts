import { z } from 'zod';

/** POST /api/uploads: where the stored image can be read (`/uploads/…` or a storage URL). */
export const ZUploadResponse = z.object({ url: z.string() });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
