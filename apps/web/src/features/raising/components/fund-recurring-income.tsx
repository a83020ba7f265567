import { useQuery } from '@tanstack/react-query';
import { fundIncomeQuery } from '../../../api/recurring';
import { RecurringIncome } from '../../../components/recurring-income';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';

/** One of the raiser's funds with its recurring income. */
export function FundRecurringIncome({ fundId, name }: { fundId: string; name: string }) {
  const income = useQuery(fundIncomeQuery(fundId));
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
