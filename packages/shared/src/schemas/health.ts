import { z } from 'zod';

/** GET /api/health: liveness with a database check. */
export const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});
