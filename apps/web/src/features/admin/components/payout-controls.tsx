import { useState } from 'react';
import type { PayoutMethod } from '@easyfund/shared/constants';
import type { TAdminWithdrawal } from '@easyfund/shared/schemas/withdrawals';
import { Field } from '../../../components/field';
import { PayoutMethodOptions } from '../../../components/payout-method-options';
import { PAYOUT_METHOD_LABEL } from '../../../lib/payout-methods';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';

export type PayoutBody =
  | {
      status: 'paid';
      method: PayoutMethod;
      amountTk: string;
      reference: string;
      paidOn: string;
      proofImage: string | null;
    }
  | { status: 'failed' | 'reversed'; reason: string };

interface PayoutControlsProps {
  withdrawal: TAdminWithdrawal;
  /** Records the outcome; rejects with the server's ApiError (its field messages shown here). */
  onRecord: (body: PayoutBody) => Promise<void>;
}

/** The texts of a paid payout, after its method. */
const PAID_FIELDS = [
  { name: 'amountTk', label: 'Amount paid (Tk)', inputMode: 'numeric' },
  { name: 'reference', label: 'Transfer reference' },
  { name: 'paidOn', label: 'Day sent', type: 'date' },
  { name: 'proofImage', label: 'Proof image address (optional)' },
] as const;

type Outcome = 'reversed' | 'failed';

/** The reason asked for a reversal or a failed payout, and its button's text. */
const REASON_FORMS = {
  reversed: { label: 'Reason for the reversal', text: 'Record a reversal' },
  failed: { label: 'Why the payout failed', text: 'Mark failed' },
} as const;

/** Today in Dhaka, as YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());

/**
 * After approval: the admin records the payout — paid (method, the amount again, the
 * transfer's reference and day, an optional proof image address) or failed with a reason;
 * a paid one shows what was recorded and can be reversed with a reason.
 */
export function PayoutControls({ withdrawal: w, onRecord }: PayoutControlsProps) {
  const { t, date } = useI18n();
  const [method, setMethod] = useState<PayoutMethod>(w.account?.kind ?? 'bkash');
  const [paid, setPaid] = useState(() => ({
    amountTk: '',
    reference: '',
    paidOn: today(),
    proofImage: '',
  }));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const record = async (body: PayoutBody) => {
    setBusy(true);
    setErrors({});
    try {
      await onRecord(body);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
    } finally {
      setBusy(false);
    }
  };

  const reasonForm = {
    reason,
    error: errors.reason,
    busy,
    onChange: setReason,
    onSubmit: (outcome: Outcome) => record({ status: outcome, reason }),
  };

  if (w.status === 'paid' || w.status === 'reversed') {
    return (
      <div className="flex min-w-56 flex-col gap-2 text-sm">
        {w.payout && (
          <p data-testid="payout-recorded">
            {t('Paid on {{day}} by {{method}}, reference {{reference}}', {
              day: date(`${w.payout.paidOn}T12:00:00+06:00`),
              method: t(PAYOUT_METHOD_LABEL[w.payout.method]),
              reference: w.payout.reference,
            })}
          </p>
        )}
        {w.status === 'reversed' ? (
          <p>{t('Reversed: {{reason}}', { reason: w.outcomeReason ?? '' })}</p>
        ) : (
          <ReasonForm outcome="reversed" {...reasonForm} />
        )}
      </div>
    );
  }
  if (w.status === 'failed')
    return (
      <p className="text-sm">{t('Payout failed: {{reason}}', { reason: w.outcomeReason ?? '' })}</p>
    );
  if (w.status !== 'approved') return null;

  return (
    <div className="flex min-w-64 flex-col gap-2">
      <form
        className="flex flex-col gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void record({
            status: 'paid',
            method,
            ...paid,
            proofImage: paid.proofImage.trim() || null,
          });
        }}
      >
        <Field label="Paid by" error={errors.method}>
          {(p) => (
            <select
              {...p}
              className="select select-bordered select-sm w-full"
              value={method}
              onChange={(e) => setMethod(e.target.value as PayoutMethod)}
            >
              <PayoutMethodOptions />
            </select>
          )}
        </Field>
        {PAID_FIELDS.map(({ name, ...input }) => (
          <TextField
            key={name}
            {...input}
            className="input-sm"
            value={paid[name]}
            error={errors[name]}
            onChange={(e) => setPaid({ ...paid, [name]: e.target.value })}
          />
        ))}
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {t('Mark paid')}
        </button>
      </form>
      <ReasonForm outcome="failed" {...reasonForm} />
    </div>
  );
}

function ReasonForm(props: {
  outcome: Outcome;
  reason: string;
  error: string | undefined;
  busy: boolean;
  onChange: (reason: string) => void;
  onSubmit: (outcome: Outcome) => Promise<void>;
}) {
  const { t } = useI18n();
  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void props.onSubmit(props.outcome);
      }}
    >
      <TextField
        label={REASON_FORMS[props.outcome].label}
        className="input-sm"
        value={props.reason}
        error={props.error}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <button type="submit" className="btn btn-outline btn-error btn-sm" disabled={props.busy}>
        {t(REASON_FORMS[props.outcome].text)}
      </button>
    </form>
  );
}
