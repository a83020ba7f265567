import { useI18n } from '../../../lib/i18n';
import { Checkbox } from '../../../components/checkbox';

/** The pay step's choice to hear from the organiser by e-mail (on by default). */
export function UpdatesOptIn({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <label className="mb-4 flex cursor-pointer items-start gap-3">
      <Checkbox
        className="checkbox checkbox-sm checkbox-primary mt-0.5"
        checked={checked}
        onChange={onChange}
        aria-describedby="updates-opt-in-hint"
      />
      <span>
        <span className="block text-sm font-medium">{t('Tell me how this fund is doing')}</span>
        <span id="updates-opt-in-hint" className="block text-xs text-base-content/80">
          {t("We e-mail you the organiser's updates. Every e-mail has a link to stop them.")}
        </span>
      </span>
    </label>
  );
}
