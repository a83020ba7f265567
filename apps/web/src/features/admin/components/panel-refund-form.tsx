import { type FormEvent, useState } from 'react';
import { parseTk, tkToPoisha } from '@easyfund/shared/money';
import { type TAdminPaymentDetail, ZPanelRefundRequest } from '@easyfund/shared/schemas/payments';
import { useRecordPanelRefund } from '../../../api/payments';
import { Field } from '../../../components/field';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { popup } from '../../../lib/popups';
import { RefundFields } from './refund-fields';

/**
 * A refund made in the gateway's merchant panel, recorded here: SSLCommerz tells us of
 * none by itself, so the admin enters the refund reference the panel shows. The server
 * asks the gateway that the reference is a refund of this payment before recording it,
 * once however often it is entered.
 */
export function PanelRefundForm({ p }: { p: TAdminPaymentDetail }) {
  const { t, tk } = useI18n();
  const record = useRecordPanelRefund();
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{
    reference?: string;
    amount?: string;
    reason?: string;
    form?: string;
  }>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const tkAmount = parseTk(amount.trim());
    const next: typeof errors = {};
    const ref = ZPanelRefundRequest.shape.refundRefId.safeParse(reference);
    if (!ref.success) next.reference = ref.error.issues[0]?.message;
    if (tkAmount === null || tkAmount <= 0) next.amount = 'Enter an amount above zero';
    else if (tkToPoisha(tkAmount) > p.refundablePoisha)
      next.amount = t('At most {{amount}} can be refunded', { amount: tk(p.refundablePoisha) });
    if (!reason.trim()) next.reason = 'Give a reason';
    setErrors(next);
    if (!ref.success || next.amount || next.reason || tkAmount === null) return;
    const amountPoisha = tkToPoisha(tkAmount);
    const ok = await popup.confirm(
      'Record this refund?',
      'Record {{amount}} refunded to {{donor}} in the merchant panel?',
      'Record',
      { amount: tk(amountPoisha), donor: p.donorName },
    );
    if (!ok) return;
    try {
      await record.mutateAsync({
        paymentId: p.id,
        refundRefId: ref.data,
        amountPoisha,
        reason: reason.trim(),
      });
      setReference('');
      setAmount('');
      setReason('');
      void popup.success('Refund recorded');
    } catch (err) {
      setErrors({ form: messageOf(err) });
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="font-semibold">{t('Refund made in the merchant panel')}</h3>
      <p className="text-sm text-base-content/80">
        {t(
          'The gateway does not tell us of refunds made in its merchant panel: enter each one here.',
        )}
      </p>
      <Field label="Refund reference (refund_ref_id)" error={errors.reference}>
        {(props) => (
          <input
            {...props}
            className="input input-bordered w-full"
            autoComplete="off"
            maxLength={50}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
        )}
      </Field>
      <RefundFields
        label="Amount refunded (Tk)"
        refundablePoisha={p.refundablePoisha}
        amount={amount}
        onAmount={setAmount}
        reason={reason}
        onReason={setReason}
        errors={errors}
      />
      <button type="submit" className="btn btn-outline self-start" disabled={record.isPending}>
        {t('Record the refund')}
      </button>
    </form>
  );
}
