import { useId, useState } from 'react';
import { MAX_EXPORT_DAYS, ZExportRange } from '@easyfund/shared/schemas/downloads';
import { adminExportUrl, type AdminExport } from '../../../api/downloads';
import { FormControlLabel } from '../../../components/form-control-label';
import { useI18n } from '../../../lib/i18n';

/** A date in Asia/Dhaka as YYYY-MM-DD. */
const dhakaDay = (at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(at);

/** Admins download payments, refunds, withdrawals or payouts of a range of days as CSV. */
export function ExportForm() {
  const { t, number } = useI18n();
  const id = useId();
  const [from, setFrom] = useState(() => dhakaDay(Date.now() - 29 * 24 * 60 * 60 * 1000));
  const [to, setTo] = useState(() => dhakaDay(Date.now()));
  const range = ZExportRange.safeParse({ from, to });
  const error = range.success ? null : (range.error.issues[0]?.message ?? '');
  const errorId = error ? `${id}-error` : undefined;
  const download = (kind: AdminExport) =>
    range.success ? adminExportUrl(kind, range.data) : undefined;
  const exports: [AdminExport, string][] = [
    ['payments', t('Download payments (CSV)')],
    ['refunds', t('Download refunds (CSV)')],
    ['withdrawals', t('Download withdrawals (CSV)')],
    ['payouts', t('Download payouts (CSV)')],
  ];
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-10">
      <h2 id={`${id}-heading`} className="mb-3 text-xl font-semibold">
        {t('Exports')}
      </h2>
      <p className="mb-3 text-sm">
        {t('CSV files for a range of days (Asia/Dhaka), at most {{n}} days.', {
          n: number(MAX_EXPORT_DAYS),
        })}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <DayInput label="From" value={from} onChange={setFrom} errorId={errorId} />
        <DayInput
          label="To"
          value={to}
          onChange={setTo}
          errorId={errorId}
          invalid={Boolean(error)}
        />
        {exports.map(([kind, label]) => (
          <a
            key={kind}
            className={`btn btn-outline ${range.success ? '' : 'btn-disabled'}`}
            href={download(kind)}
            aria-disabled={range.success ? undefined : true}
            download
          >
            {label}
          </a>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-error mt-2 text-sm">
          {t(error)}
        </p>
      )}
    </section>
  );
}

/** A day of the range; `invalid` marks the one the range's error is about. */
function DayInput({
  label,
  value,
  onChange,
  errorId,
  invalid = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errorId: string | undefined;
  invalid?: boolean;
}) {
  return (
    <FormControlLabel label={label}>
      <input
        type="date"
        className="input input-bordered"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
      />
    </FormControlLabel>
  );
}
