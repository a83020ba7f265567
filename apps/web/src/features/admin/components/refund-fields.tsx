import { Field } from '../../../components/field';
import { useI18n } from '../../../lib/i18n';

/**
 * The amount (up to what is left to refund) and the reason of a refund, and the form's
 * error: a refund through the gateway and one recorded from the merchant panel alike.
 */
export function RefundFields({
  label,
  refundablePoisha,
  amount,
  onAmount,
  reason,
  onReason,
  errors,
}: {
  /** The amount field's label. */
  label: string;
  refundablePoisha: number;
  amount: string;
  onAmount: (value: string) => void;
  reason: string;
  onReason: (value: string) => void;
  errors: { amount?: string; reason?: string; form?: string };
}) {
  const { t, tk } = useI18n();
  return (
    <>
      <Field
        label={label}
        hint={t('Up to {{amount}}', { amount: tk(refundablePoisha) })}
        error={errors.amount}
      >
        {(props) => (
          <input
            {...props}
            className="input input-bordered w-full"
            inputMode="decimal"
            value={amount}
            onChange={(e) => onAmount(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field label="Reason" error={errors.reason}>
        {(props) => (
          <textarea
            {...props}
            className="textarea textarea-bordered w-full"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => onReason(e.currentTarget.value)}
          />
        )}
      </Field>
      {errors.form && (
        <p role="alert" className="text-sm text-error">
          {errors.form}
        </p>
      )}
    </>
  );
}
