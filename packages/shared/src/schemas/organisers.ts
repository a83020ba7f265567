import { z } from 'zod';

/** The organiser card of a fund page. */
export const ZOrganiser = z.object({
  name: z.string(),
  image: z.string().nullable(),
  /** A verified fund raiser (their identity was checked by an admin). */
  verified: z.boolean(),
  /** ISO 8601 date-time of joining. */
  memberSince: z.string(),
  /** Their funds open to the public (approved). */
  fundCount: z.number().int(),
  totalRaisedPoisha: z.number().int(),
});
export type TOrganiser = z.infer<typeof ZOrganiser>;
