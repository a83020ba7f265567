import { z } from 'zod';

/**
 * POST /api/uploads: the address to keep with a fund or an application (`/uploads/…` or
 * a storage URL) and the widths it is stored in, for a srcset.
 */
export const ZUploadResponse = z.object({ url: z.string(), widths: z.array(z.number().int()) });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
