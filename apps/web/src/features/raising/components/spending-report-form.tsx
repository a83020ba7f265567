import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { parseWholeTk, tkToPoisha } from '@easyfund/shared/money';
import {
  SPENDING_REPORT_MAX_LINES,
  SPENDING_REPORT_MAX_PHOTOS,
  type TSpendingReportRequest,
  ZSpendingReportRequest,
} from '@easyfund/shared/schemas/spending';
import type { TWithdrawal } from '@easyfund/shared/schemas/withdrawals';
import { usePostSpendingReport } from '../../../api/spending';
import { TextAreaField, TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { popup } from '../../../lib/popups';
import { ImageField } from './image-field';

const REPORT_SENT = 'Spending report sent';
const REPORT_SENT_TEXT = 'It is waiting for review; once an admin approves it, everyone sees it.';

/** What the form holds: amounts as typed, parsed strictly by the shared schema on submit. */
type SpendingReportForm = TSpendingReportRequest;
type SpendingReportBody = z.output<typeof ZSpendingReportRequest>;

const EMPTY_LINE = { label: '', amountTk: '' };

/**
 * How a paid payout was spent: a text, the amounts by line (their total shown as they are
 * typed) and photos of receipts or of the work done. Sent, it waits for an admin's review.
 */
export function SpendingReportForm({
  withdrawal,
  onDone,
}: {
  withdrawal: TWithdrawal;
  onDone: () => void;
}) {
  const { t, tk, digits } = useI18n();
  const postReport = usePostSpendingReport();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<SpendingReportForm, unknown, SpendingReportBody>({
    resolver: zodResolver(ZSpendingReportRequest),
    defaultValues: { body: '', lines: [EMPTY_LINE], photos: [] },
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const typed = useWatch({ control, name: 'lines' });
  const photos = useWatch({ control, name: 'photos' }) ?? [];
  const totalPoisha = typed.reduce(
    (sum, line) => sum + tkToPoisha(parseWholeTk(line.amountTk) ?? 0),
    0,
  );
  const unreadable = typed.some(
    (l) => String(l.amountTk ?? '').trim() !== '' && parseWholeTk(l.amountTk) == null,
  );

  const setPhotos = (next: string[]) =>
    setValue('photos', next, { shouldValidate: isSubmitted, shouldDirty: true });

  const onSubmit = async (body: SpendingReportBody) => {
    try {
      await postReport.mutateAsync({ withdrawalId: withdrawal.id, ...body });
      void popup.success(REPORT_SENT, REPORT_SENT_TEXT);
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      for (const [path, message] of Object.entries(fields ?? {}))
        setError(path as 'body', { message });
      await popup.failure(messageOf(err));
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="mt-3 flex flex-col gap-3"
      aria-label={t('Spending report for {{amount}} from {{fund}}', {
        amount: tk(withdrawal.amountPoisha),
        fund: withdrawal.fundName,
      })}
    >
      <TextAreaField
        label="How the money was spent"
        hint="What the payout paid for, in your own words. Everyone reads it once it is approved."
        error={errors.body?.message}
        registration={register('body')}
        rows={4}
        maxLength={5000}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{t('Amounts by line')}</legend>
        {lines.fields.map((field, i) => (
          <fieldset
            key={field.id}
            className="rounded-box border border-base-300 p-3"
            aria-label={t('Line {{n}}', { n: digits(i + 1) })}
          >
            <div className="grid gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
              <TextField
                label="What it paid for"
                error={errors.lines?.[i]?.label?.message}
                registration={register(`lines.${i}.label`)}
                maxLength={200}
              />
              <TextField
                label="Amount (Tk)"
                error={errors.lines?.[i]?.amountTk?.message}
                registration={register(`lines.${i}.amountTk`)}
                type="text"
                inputMode="numeric"
              />
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={lines.fields.length === 1}
                onClick={() => lines.remove(i)}
              >
                {t('Remove')}
                <span className="sr-only"> {t('Line {{n}}', { n: digits(i + 1) })}</span>
              </button>
            </div>
          </fieldset>
        ))}
        {errors.lines?.message && (
          <p role="alert" className="text-sm text-error">
            {t(errors.lines.message)}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={lines.fields.length >= SPENDING_REPORT_MAX_LINES}
            onClick={() => lines.append(EMPTY_LINE)}
          >
            {t('Add a line')}
          </button>
          <p role="status" className="font-medium">
            {t('Total')}: <span data-testid="report-total">{tk(totalPoisha)}</span>
            {unreadable && (
              <span className="block text-sm font-normal text-warning-content">
                {t('Amounts that are not whole Tk are left out of the total.')}
              </span>
            )}
          </p>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{t('Photos of receipts or of the work done')}</legend>
        {photos.map((photo, i) => (
          <div key={i} className="rounded-box border border-base-300 p-3">
            <Controller
              control={control}
              name={`photos.${i}`}
              render={({ field, fieldState }) => (
                <ImageField
                  label={t('Photo {{n}}', { n: digits(i + 1) })}
                  value={photo}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm mt-1"
              onClick={() => setPhotos(photos.filter((_, j) => j !== i))}
            >
              {t('Remove')}
              <span className="sr-only"> {t('Photo {{n}}', { n: digits(i + 1) })}</span>
            </button>
          </div>
        ))}
        {errors.photos?.message && (
          <p role="alert" className="text-sm text-error">
            {t(errors.photos.message)}
          </p>
        )}
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          disabled={photos.length >= SPENDING_REPORT_MAX_PHOTOS}
          onClick={() => setPhotos([...photos, ''])}
        >
          {t('Add a photo')}
        </button>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t('Sending…') : t('Send for review')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={isSubmitting}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
