import { z } from 'zod';
import { NISAB_BASES } from '../zakat';
import { numberField } from './fields';

/** The prices the nisab is computed from, kept current by an admin. */
export const ZZakatSettings = z.object({
  goldPoishaPerGram: z.number().int(),
  silverPoishaPerGram: z.number().int(),
  /** ISO 8601 date-time of the last change; null before an admin set the prices. */
  updatedAt: z.string().nullable(),
});
export type TZakatSettings = z.infer<typeof ZZakatSettings>;

const price = (metal: string) =>
  numberField(
    z
      .number({ error: `Enter the price of ${metal} per gram in Tk` })
      .positive(`Enter the price of ${metal} per gram in Tk`)
      .max(1_000_000, `The price of ${metal} must be at most 1,000,000 Tk per gram`)
      .multipleOf(0.01, 'Use at most two decimals'),
  );

/** PUT /api/admin/zakat: the prices per gram in Tk (two decimals at most). */
export const ZUpdateZakatSettingsRequest = z.object({
  goldTkPerGram: price('gold'),
  silverTkPerGram: price('silver'),
});
export type TUpdateZakatSettingsRequest = z.input<typeof ZUpdateZakatSettingsRequest>;

export const ZAKAT_NOTE_MAX = 500;
export const ZAKAT_NOTE_REQUIRED = 'Explain why this fund is Zakat-eligible';

/** PUT /api/admin/funds/:id/zakat: mark or unmark a fund; a note is required to mark. */
export const ZSetFundZakatRequest = z
  .object({
    eligible: z.boolean({ error: 'Choose whether the fund is Zakat-eligible' }),
    note: z
      .string()
      .trim()
      .max(ZAKAT_NOTE_MAX, `Use at most ${ZAKAT_NOTE_MAX} characters`)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => !v.eligible || v.note !== null, {
    message: ZAKAT_NOTE_REQUIRED,
    path: ['note'],
  });
export type TSetFundZakatRequest = z.input<typeof ZSetFundZakatRequest>;

export const ZFundZakat = z.object({
  id: z.string(),
  zakatEligible: z.boolean(),
  zakatNote: z.string().nullable(),
});
export type TFundZakat = z.infer<typeof ZFundZakat>;

export const ZNisabBasis = z.enum(NISAB_BASES);
