import { useI18n } from '../lib/i18n';

/** A control's label on its own line just above it. */
export function BlockLabel({ htmlFor, label }: { htmlFor: string; label: string }) {
  const { t } = useI18n();
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium">
      {t(label)}
    </label>
  );
}
