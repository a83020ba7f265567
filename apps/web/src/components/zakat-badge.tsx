import { useI18n } from '../lib/i18n';

/** Marks a fund an admin found Zakat-eligible (on cards and on its page). */
export function ZakatBadge({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t } = useI18n();
  return (
    <span
      className={`badge gap-1 border-amber-700 bg-amber-50 font-semibold text-amber-900 ${size === 'sm' ? 'badge-sm' : ''}`}
    >
      <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" aria-hidden="true">
        <path
          fill="currentColor"
          d="M14.5 2.5a9.5 9.5 0 1 0 7 15.9A8 8 0 1 1 14.5 2.5zM18 6l.9 2.1 2.1.9-2.1.9L18 12l-.9-2.1L15 9l2.1-.9L18 6z"
        />
      </svg>
      {t('Zakat-eligible')}
    </span>
  );
}
