import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { TFundRecurring } from '@easyfund/shared/schemas/recurring';
import { useI18n } from '../lib/i18n';
import { messageOf } from '../lib/message-of';

/** A fund's recurring income: active monthly and Ramadan daily schedules, expected and received. */
export function RecurringIncome({ income, label }: { income: TFundRecurring; label: string }) {
  const { t, tk, number } = useI18n();
  const items = [
    { title: 'Active schedules', value: number(income.activeGifts), id: 'active' },
    { title: 'Expected each month', value: tk(income.monthlyPoisha), id: 'expected' },
    { title: 'Received this month', value: tk(income.receivedThisMonthPoisha), id: 'month' },
    { title: 'Received in all', value: tk(income.receivedPoisha), id: 'all' },
  ];
  return (
    <dl
      aria-label={label}
      className="grid grid-cols-2 gap-3 rounded-box bg-base-100 p-4 text-sm shadow sm:grid-cols-4"
    >
      {items.map((i) => (
        <div key={i.id} className="flex flex-col" data-testid={`recurring-${i.id}`}>
          <dt className="text-base-content/80">{t(i.title)}</dt>
          <dd className="text-lg font-semibold">{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One fund with its recurring income, as its raiser and the admins see it; `query` is the
 * fund's income query (api/recurring.ts `fundIncomeQuery`).
 */
export function FundRecurringIncome<K extends QueryKey>({
  name,
  query,
}: {
  name: string;
  query: UseQueryOptions<TFundRecurring, Error, TFundRecurring, K>;
}) {
  const income = useQuery(query);
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">{name}</h3>
      {income.isPending ? (
        <span className="loading loading-dots loading-sm" aria-label={t('Loading')} />
      ) : income.isError ? (
        <p role="alert" className="text-sm text-error">
          {t(messageOf(income.error))}
        </p>
      ) : (
        <RecurringIncome
          income={income.data}
          label={t('Recurring gifts to {{fund}}', { fund: name })}
        />
      )}
    </div>
  );
}
