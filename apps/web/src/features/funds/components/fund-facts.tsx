import type { TFundPublic } from '@easyfund/shared/schemas/funds';
import { useI18n } from '../../../lib/i18n';
import { useNow } from '../../../lib/now';

const DAY_MS = 24 * 3600 * 1000;

/** Whole days since a moment (0 on its first day). */
export function daysSince(at: string, now = Date.now()): number {
  return Math.max(0, Math.floor((now - new Date(at).getTime()) / DAY_MS));
}

/**
 * The fund's numbers, honestly: goal, raised, distinct donors, donations, and since when
 * it has been running.
 */
export function FundFacts({ fund }: { fund: TFundPublic }) {
  const { t, tk, number, date } = useI18n();
  const days = daysSince(fund.createdAt, useNow());
  const facts: [string, string, string?][] = [
    [t('Goal'), tk(fund.goalPoisha)],
    [t('Fund raised'), tk(fund.raisedPoisha), 'text-emerald-800'],
    [t('Donors'), number(fund.donorCount)],
  ];
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-3 gap-3 text-center">
        {facts.map(([label, value, tone]) => (
          <div key={label} className="rounded-box bg-base-200/70 px-1 py-3 sm:px-3">
            <dt className="text-xs uppercase tracking-wide text-base-content/75">{label}</dt>
            <dd className={`text-base font-bold sm:text-lg ${tone ?? ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-base-content/80">
        {t('{{n}} donations', { count: fund.donationCount, n: number(fund.donationCount) })}
        {' · '}
        {days === 0
          ? t('Started today')
          : `${t('Started {{date}}', { date: date(fund.createdAt) })} · ${t(
              'Running for {{n}} days',
              { count: days, n: number(days) },
            )}`}
      </p>
    </div>
  );
}
