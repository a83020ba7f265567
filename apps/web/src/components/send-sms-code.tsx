import { useI18n } from '../lib/i18n';
import { messageOf } from '../lib/message-of';

/** A request for a confirmation code by SMS, as the forms that take one use it. */
interface CodeRequest {
  mutate: () => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  data?: { sentTo: string };
}

/**
 * "Send a code to my phone" (then "Send another code"), with where the code went or why
 * it could not be sent: for accounts without a password, which confirm by SMS code
 * (closing the account, adding a payout account).
 */
export function SendSmsCode({ request }: { request: CodeRequest }) {
  const { t } = useI18n();
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline self-start"
        disabled={request.isPending}
        onClick={() => request.mutate()}
      >
        {request.isSuccess ? t('Send another code') : t('Send a code to my phone')}
      </button>
      {request.isSuccess && request.data && (
        <p role="status" className="text-sm">
          {t('We sent a code to {{phone}}.', { phone: request.data.sentTo })}
        </p>
      )}
      {request.isError && (
        <p role="alert" className="text-sm text-error">
          {t(messageOf(request.error))}
        </p>
      )}
    </>
  );
}
