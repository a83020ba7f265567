import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { fundsQuery } from '../../../api/funds';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

/** Gives the calculated Zakat to a Zakat-eligible fund: straight to its pay page with the amount. */
export function DonateZakat({ zakatTk }: { zakatTk: number }) {
  const { t, tk } = useI18n();
  const id = useId();
  const navigate = useNavigate();
  const eligible = useQuery(fundsQuery({ zakat: true }));
  const [fundId, setFundId] = useState('');
  const funds = eligible.data?.items ?? [];
  const chosen = fundId || funds[0]?.id || '';

  if (eligible.isPending) return null;
  if (funds.length === 0) {
    return <p className="text-sm">{t('No Zakat-eligible fund is open right now.')}</p>;
  }
  return (
    <form
      className="flex flex-col gap-3 rounded-box border border-amber-300 bg-amber-50/60 p-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) void navigate(paths.payFor(chosen, zakatTk, true));
      }}
    >
      <label htmlFor={`${id}-fund`} className="text-sm font-medium">
        {t('Give your Zakat to')}
      </label>
      <select
        id={`${id}-fund`}
        className="select select-bordered w-full"
        value={chosen}
        onChange={(e) => setFundId(e.target.value)}
      >
        {funds.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-primary">
        {t('Donate {{amount}} as Zakat', { amount: tk(zakatTk * 100) })}
      </button>
    </form>
  );
}
