import { useState } from 'react';
import { parseTk, tkToPoisha } from '@easyfund/shared/money';
import { Field } from '../../../components/field';
import { useI18n } from '../../../lib/i18n';

/** A refund form's messages by field; `form` is the server's answer. */
export type RefundErrors = Partial<Record<'reference' | 'amount' | 'reason' | 'form', string>>;

/**
 * The state of RefundFields: the amount and reason typed, the errors shown, and `check`,
 * which shows what is wrong (with the form's own `more` errors) and answers the refund
 * (amount in poisha, trimmed reason) only when the amount and the reason are right.
 */
export function useRefundFields(refundablePoisha: number) {
  const { t, tk } = useI18n();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<RefundErrors>({});
  const check = (more: RefundErrors = {}) => {
    const tkAmount = parseTk(amount.trim());
    const next: RefundErrors = { ...more };
    if (tkAmount === null || tkAmount <= 0) next.amount = 'Enter an amount above zero';
    else if (tkToPoisha(tkAmount) > refundablePoisha)
      next.amount = t('At most {{amount}} can be refunded', { amount: tk(refundablePoisha) });
    if (!reason.trim()) next.reason = 'Give a reason';
    setErrors(next);
    if (next.amount || next.reason || tkAmount === null) return null;
    return { amountPoisha: tkToPoisha(tkAmount), reason: reason.trim() };
  };
  const clear = () => {
    setAmount('');
    setReason('');
  };
  return {
    check,
    clear,
    failed: (message: string) => setErrors({ form: message }),
    fields: { refundablePoisha, amount, onAmount: setAmount, reason, onReason: setReason, errors },
  };
}

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
  errors: RefundErrors;
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
