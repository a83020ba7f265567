import { type FormEvent, useState } from 'react';
import { type TAdminPaymentDetail, ZPanelRefundRequest } from '@easyfund/shared/schemas/payments';
import { useRecordPanelRefund } from '../../../api/payments';
import { TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { popup } from '../../../lib/popups';
import { RefundFields, useRefundFields } from './refund-fields';

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
  const refund = useRefundFields(p.refundablePoisha);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ref = ZPanelRefundRequest.shape.refundRefId.safeParse(reference);
    const checked = refund.check(ref.success ? {} : { reference: ref.error.issues[0]?.message });
    if (!ref.success || !checked) return;
    const ok = await popup.confirm(
      'Record this refund?',
      'Record {{amount}} refunded to {{donor}} in the merchant panel?',
      'Record',
      { amount: tk(checked.amountPoisha), donor: p.donorName },
    );
    if (!ok) return;
    try {
      await record.mutateAsync({ paymentId: p.id, refundRefId: ref.data, ...checked });
      setReference('');
      refund.clear();
      void popup.success('Refund recorded');
    } catch (err) {
      refund.failed(messageOf(err));
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
      <TextField
        label="Refund reference (refund_ref_id)"
        error={refund.fields.errors.reference}
        autoComplete="off"
        maxLength={50}
        value={reference}
        onChange={(e) => setReference(e.currentTarget.value)}
      />
      <RefundFields label="Amount refunded (Tk)" {...refund.fields} />
      <button type="submit" className="btn btn-outline self-start" disabled={record.isPending}>
        {t('Record the refund')}
      </button>
    </form>
  );
}
