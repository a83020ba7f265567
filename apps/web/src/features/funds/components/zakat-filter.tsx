import { Link } from '../../../lib/link';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

/** /donatenow's "Zakat-eligible only" switch: filters as soon as it changes. */
export function ZakatFilter({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (form: HTMLFormElement) => void;
}) {
  const { t } = useI18n();
  return (
    <label className="flex cursor-pointer items-center gap-2 sm:pb-3">
      <input
        type="checkbox"
        name="zakat"
        value="1"
        defaultChecked={checked}
        className="checkbox checkbox-sm checkbox-primary"
        onChange={(e) => e.currentTarget.form && onChange(e.currentTarget.form)}
      />
      <span className="text-sm font-medium">{t('Zakat-eligible only')}</span>
    </label>
  );
}

/** Points Zakat givers to the calculator. */
export function ZakatLink() {
  const { t } = useI18n();
  return (
    <p className="mt-2 text-sm">
      {t('Giving Zakat?')}{' '}
      <Link to={paths.zakat} className="link font-medium text-teal-800">
        {t('Work it out with the Zakat calculator')}
      </Link>
    </p>
  );
}
