import { type FormEvent, useId, useRef, useState } from 'react';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '@easyfund/shared/reports';
import { useReportFund } from '../../../api/reports';
import { useSession } from '../../../api/session';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { paths } from '../../../lib/paths';
import { LoginPrompt, type LoginPromptHandle } from './login-prompt';

/** "Report this fund": a reason and details, filed into the admins' queue. */
export function ReportFund({ fundId }: { fundId: string }) {
  const { t } = useI18n();
  const { user, loading } = useSession();
  const report = useReportFund(fundId);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const promptRef = useRef<LoginPromptHandle>(null);
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const open = () => {
    if (!loading && !user) {
      promptRef.current?.showModal();
      return;
    }
    setSent(false);
    setError(null);
    dialogRef.current?.showModal();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason || !details.trim()) {
      setError(t('Choose a reason and tell us what you saw.'));
      return;
    }
    report.mutate(
      { reason, details },
      {
        onSuccess: () => {
          setSent(true);
          setReason('');
          setDetails('');
        },
        onError: (err) => setError(messageOf(err)),
      },
    );
  };

  return (
    <>
      <button type="button" className="link text-sm text-base-content/80" onClick={open}>
        {t('Report this fund')}
      </button>
      <dialog ref={dialogRef} className="modal" aria-labelledby={titleId}>
        <div className="modal-box">
          <h2 id={titleId} className="text-xl font-bold">
            {t('Report this fund')}
          </h2>
          {sent ? (
            <div className="mt-4 flex flex-col gap-4">
              <p role="status">
                {t('Thank you. Our team will look at this fund and act if something is wrong.')}
              </p>
              <form method="dialog" className="modal-action">
                <button type="submit" className="btn btn-primary">
                  {t('Close')}
                </button>
              </form>
            </div>
          ) : (
            <form className="mt-4 flex flex-col gap-4" onSubmit={submit} noValidate>
              <label className="flex flex-col gap-1">
                <span className="text-sm font-medium">{t('Reason')}</span>
                <select
                  className="select select-bordered w-full"
                  value={reason}
                  required
                  onChange={(e) => setReason(e.currentTarget.value as ReportReason | '')}
                >
                  <option value="">{t('Choose a reason')}</option>
                  {REPORT_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t(REPORT_REASON_LABELS[r])}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1">
                <span className="text-sm font-medium">{t('Details')}</span>
                <textarea
                  className="textarea textarea-bordered w-full"
                  rows={4}
                  required
                  maxLength={REPORT_DETAILS_MAX}
                  value={details}
                  onChange={(e) => setDetails(e.currentTarget.value)}
                />
              </label>
              {error && (
                <p role="alert" className="text-sm text-error">
                  {error}
                </p>
              )}
              <div className="modal-action">
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => dialogRef.current?.close()}
                >
                  {t('Cancel')}
                </button>
                <button type="submit" className="btn btn-primary" disabled={report.isPending}>
                  {t('Send report')}
                </button>
              </div>
            </form>
          )}
        </div>
      </dialog>
      <LoginPrompt ref={promptRef} returnTo={paths.fund(fundId)} />
    </>
  );
}
