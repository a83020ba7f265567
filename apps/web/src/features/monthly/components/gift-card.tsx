import { useState } from 'react';
import { Link } from '../../../lib/link';
import type { TRecurringGift } from '@easyfund/shared/schemas/recurring';
import { useChangeGift } from '../../../api/recurring';
import { ActionButton } from '../../../components/action-button';
import { messageOf } from '../../../lib/message-of';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

const STATUS_TEXT: Record<TRecurringGift['status'], { label: string }> = {
  incomplete: { label: 'Waiting for a card' },
  active: { label: 'Active' },
  paused: { label: 'Paused' },
  cancelled: { label: 'Cancelled' },
  ended: { label: 'Ended' },
};

const CHARGE_TEXT: Record<TRecurringGift['history'][number]['status'], { label: string }> = {
  due: { label: 'To be tried again' },
  charging: { label: 'Being charged' },
  paid: { label: 'Paid' },
  failed: { label: 'Failed' },
  reminded: { label: 'Reminder sent' },
};

/**
 * One monthly gift with its controls: pause or resume, a new amount, cancel, each one
 * click; its months below. Signed in (`giftId`) or by the signed link (`token`).
 */
export function GiftCard({ gift, token }: { gift: TRecurringGift; token?: string }) {
  const { t, tk, date, digits } = useI18n();
  const change = useChangeGift(token ? { token } : { giftId: gift.id });
  const [amountTk, setAmountTk] = useState(String(Math.round(gift.amountPoisha / 100)));
  const open = gift.status === 'active' || gift.status === 'paused' || gift.status === 'incomplete';
  const run = (body: Parameters<typeof change.mutate>[0]) => change.mutate(body);
  const daily = gift.frequency === 'daily';
  const paused = gift.status === 'paused';
  return (
    <article
      className="card border border-base-200 bg-base-100 shadow-sm"
      aria-label={
        daily
          ? t('Ramadan daily gift to {{fund}}', { fund: gift.fundName })
          : t('Monthly gift to {{fund}}', { fund: gift.fundName })
      }
    >
      <div className="card-body gap-3">
        <h2 className="card-title">{gift.fundName}</h2>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <dt className="font-medium">{t('Amount')}</dt>
          <dd>
            {daily
              ? t('{{amount}} a day', { amount: tk(gift.amountPoisha) })
              : t('{{amount}} a month', { amount: tk(gift.amountPoisha) })}
          </dd>
          <dt className="font-medium">{t('Status')}</dt>
          <dd data-testid="gift-status">{t(STATUS_TEXT[gift.status].label)}</dd>
          <dt className="font-medium">{t('Next date')}</dt>
          <dd>{gift.nextChargeAt ? date(gift.nextChargeAt) : '—'}</dd>
          <dt className="font-medium">{t('Paid by')}</dt>
          <dd>
            {gift.method === 'wallet'
              ? daily
                ? t('A daily reminder')
                : t('A monthly reminder')
              : gift.cardLast4
                ? t('Card ending {{last4}}', { last4: digits(gift.cardLast4) })
                : '—'}
          </dd>
          {gift.lastDay && (
            <>
              <dt className="font-medium">{t('Until')}</dt>
              <dd>{date(gift.lastDay)}</dd>
            </>
          )}
        </dl>
        {gift.method === 'wallet' && gift.status === 'active' && (
          <Link
            className="btn btn-sm btn-primary self-start"
            to={paths.payFor(gift.fundId, Math.round(gift.amountPoisha / 100))}
          >
            {daily ? t("Give today's gift") : t("Give this month's gift")}
          </Link>
        )}
        {open && (
          <div className="flex flex-wrap items-end gap-2">
            <ActionButton
              className={paused ? 'btn btn-sm btn-primary' : 'btn btn-sm'}
              busy={change.isPending}
              onClick={() => run({ action: paused ? 'resume' : 'pause' })}
            >
              {paused ? t('Resume') : t('Pause')}
            </ActionButton>
            <label className="flex items-center gap-2 text-sm">
              <span>{t('New amount (Tk)')}</span>
              <input
                type="number"
                min={10}
                className="input input-sm input-bordered w-28"
                value={amountTk}
                onChange={(e) => setAmountTk(e.target.value)}
              />
            </label>
            <ActionButton
              className="btn btn-sm"
              busy={change.isPending}
              onClick={() => run({ amountTk: Number(amountTk) })}
            >
              {t('Change amount')}
            </ActionButton>
            <ActionButton
              className="btn btn-sm btn-error btn-outline"
              busy={change.isPending}
              onClick={() => run({ action: 'cancel' })}
            >
              {daily ? t('Cancel daily gift') : t('Cancel monthly gift')}
            </ActionButton>
          </div>
        )}
        {change.isError && (
          <p role="alert" className="text-sm text-error">
            {t(messageOf(change.error))}
          </p>
        )}
        {gift.history.length > 0 && (
          <table className="table table-sm">
            <caption className="sr-only">
              {daily ? t('Each day of this gift') : t('Each month of this gift')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{daily ? t('Day') : t('Month')}</th>
                <th scope="col">{t('Amount')}</th>
                <th scope="col">{t('Status')}</th>
                <th scope="col">{t('Receipt')}</th>
              </tr>
            </thead>
            <tbody>
              {gift.history.map((c) => (
                <tr key={c.period}>
                  <td>{digits(c.period)}</td>
                  <td>{tk(c.amountPoisha)}</td>
                  <td>
                    {t(CHARGE_TEXT[c.status].label)}
                    {c.nextAttemptAt && ` (${date(c.nextAttemptAt)})`}
                  </td>
                  <td>{c.receiptNumber ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </article>
  );
}
