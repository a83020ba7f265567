import { useI18n } from '../../../lib/i18n';

export type Frequency = 'once' | 'monthly' | 'daily';

const LABELS: Record<Frequency, { label: string }> = {
  once: { label: 'Give once' },
  monthly: { label: 'Give monthly' },
  daily: { label: 'Give every day of Ramadan' },
};

/**
 * Give once (the spec's pay step), give monthly (decision 250), and during the Ramadan
 * dates an admin set, give every day of Ramadan.
 */
export function FrequencyChoice({
  value,
  onChange,
  ramadan,
}: {
  value: Frequency;
  onChange: (f: Frequency) => void;
  ramadan: boolean;
}) {
  const { t } = useI18n();
  const options: Frequency[] = ramadan ? ['once', 'monthly', 'daily'] : ['once', 'monthly'];
  return (
    <div
      role="radiogroup"
      aria-label={t('How often')}
      className="join join-vertical sm:join-horizontal"
    >
      {options.map((f) => (
        <button
          key={f}
          type="button"
          role="radio"
          aria-checked={value === f}
          className={`btn join-item ${value === f ? 'btn-primary' : 'btn-outline'}`}
          onClick={() => onChange(f)}
        >
          {t(LABELS[f].label)}
        </button>
      ))}
    </div>
  );
}
